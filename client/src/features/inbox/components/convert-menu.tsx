import { Trans, useLingui } from '@lingui/react/macro';
import { mdiArrowRightBoldBoxOutline } from '@mdi/js';
import { DropdownMenu } from 'radix-ui';
import { IconButton } from '../../../components/ui/button';
import type { InboxTarget } from '../inbox-data';

export type ConvertChoice = InboxTarget | 'append';

const itemClass = 'flex min-h-11 cursor-pointer select-none items-center rounded-md px-3 text-sm outline-none data-[highlighted]:bg-surface-2 sm:min-h-9';

/** "Make a task / event / habit / note", "Append to note…": what an inbox item can become. */
export function ConvertMenu({ onChoose }: { onChoose(choice: ConvertChoice): void }) {
  const { t } = useLingui();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton icon={mdiArrowRightBoldBoxOutline} size="sm" label={t`Convert…`} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-[80] min-w-48 rounded-lg border border-line bg-surface p-1 text-ink shadow-lg">
          <DropdownMenu.Item className={itemClass} onSelect={() => onChoose('task')}>
            <Trans>Make a task</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => onChoose('event')}>
            <Trans>Make an event</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => onChoose('habit')}>
            <Trans>Make a habit</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => onChoose('note')}>
            <Trans>Make a note</Trans>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClass} onSelect={() => onChoose('append')}>
            <Trans>Append to note…</Trans>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
