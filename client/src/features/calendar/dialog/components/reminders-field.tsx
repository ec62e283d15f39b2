import { useLingui } from '@lingui/react/macro';
import { mdiBellOutline, mdiClose, mdiPlus } from '@mdi/js';
import { useId } from 'react';
import { IconButton } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { cn, focusRing } from '../../../../components/ui/cn';
import { useReminderText } from '../labels';

/** The reminder presets (issue 15): 5, 10, 15, 30 and 60 minutes, and one day before. */
export const REMINDER_PRESETS = [5, 10, 15, 30, 60, 1440] as const;
/** The shared schema's limit. */
const MAX_REMINDERS = 20;

/** Reminders as minutes before the start: a removable list and a button per preset not chosen yet. */
export function RemindersField({ value, onChange }: { value: number[]; onChange(value: number[]): void }) {
  const { t } = useLingui();
  const text = useReminderText();
  const labelId = useId();
  const free = REMINDER_PRESETS.filter((m) => !value.includes(m));
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium">
        {t`Reminders`}
      </span>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5">
          {[...value]
            .sort((a, b) => a - b)
            .map((m) => (
              <ReminderChip key={m} label={text(m)} onRemove={() => onChange(value.filter((v) => v !== m))} />
            ))}
        </ul>
      )}
      {free.length > 0 && value.length < MAX_REMINDERS && (
        <div role="group" aria-label={t`Add a reminder`} className="flex flex-wrap gap-1.5">
          {free.map((m) => (
            <AddButton key={m} label={text(m)} onAdd={() => onChange([...value, m])} />
          ))}
        </div>
      )}
    </div>
  );
}

function ReminderChip({ label, onRemove }: { label: string; onRemove(): void }) {
  const { t } = useLingui();
  return (
    <li className="flex items-center gap-1 rounded-full border border-line py-0.5 pl-2.5 pr-0.5 text-sm">
      <Icon path={mdiBellOutline} size={16} className="text-muted" />
      {label}
      <IconButton icon={mdiClose} size="sm" label={t`Remove reminder ${label}`} onClick={onRemove} />
    </li>
  );
}

function AddButton({ label, onAdd }: { label: string; onAdd(): void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      aria-label={t`Add reminder ${label}`}
      onClick={onAdd}
      className={cn('flex min-h-9 items-center gap-1 rounded-full border border-dashed border-line px-2.5 text-[0.8125rem] text-muted hover:border-primary hover:text-primary', focusRing)}
    >
      <Icon path={mdiPlus} size={14} />
      {label}
    </button>
  );
}
