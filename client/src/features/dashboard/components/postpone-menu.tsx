import { Trans, useLingui } from '@lingui/react/macro';
import { mdiCalendarArrowRight } from '@mdi/js';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { IconButton } from '../../../components/ui/button';
import { DatePicker } from '../../../components/ui/date-picker';
import { PopoverPanel } from '../../../components/ui/popover-field';
import { formatMediumDate, presetDate, type DatePreset } from '../../../lib/dates';

export interface PostponeMenuProps {
  title: string;
  /** The task's anchor day (due, else start) in the user's zone: the date picker starts there. */
  anchor: string;
  today: string;
  weekStartDay: number;
  locale: string;
  onPostpone(date: string): void;
}

const QUICK: readonly DatePreset[] = ['tomorrow', 'weekend', 'nextWeek'];
const itemClass =
  'flex min-h-11 w-full items-center justify-between gap-4 rounded-md px-3 text-left text-sm hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary sm:min-h-9';

/** Postpone a task: Tomorrow, Weekend, Next week (by the user's week start), or a date from the date picker. */
export function PostponeMenu({ title, anchor, today, weekStartDay, locale, onPostpone }: PostponeMenuProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const labels: Record<string, string> = { tomorrow: t`Tomorrow`, weekend: t`Weekend`, nextWeek: t`Next week` };
  const choose = (date: string) => {
    setOpen(false);
    if (date) onPostpone(date);
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <IconButton icon={mdiCalendarArrowRight} size="sm" label={t`Postpone: ${title}`} className="shrink-0 text-muted" />
      </Popover.Trigger>
      {open && (
        <PopoverPanel align="end" aria-label={t`Postpone: ${title}`} className="w-64 p-2" data-testid="postpone-menu">
          <p className="px-3 pb-1 pt-1 text-xs font-semibold tracking-wide text-muted uppercase">
            <Trans>Postpone to</Trans>
          </p>
          <ul className="flex flex-col">
            {QUICK.map((p) => {
              const date = presetDate(p, today, weekStartDay);
              return (
                <li key={p}>
                  <button type="button" className={itemClass} onClick={() => choose(date)}>
                    <span>{labels[p]}</span>
                    <span className="text-xs text-muted">{formatMediumDate(date, locale)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="mt-1 border-t border-line px-1 pt-2">
            <DatePicker label={t`Pick a date`} value="" onChange={choose} today={today} weekStartDay={weekStartDay} locale={locale} placeholder={formatMediumDate(anchor, locale)} />
          </div>
        </PopoverPanel>
      )}
    </Popover.Root>
  );
}
