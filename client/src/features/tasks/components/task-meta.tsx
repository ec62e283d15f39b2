import { Plural, Trans } from '@lingui/react/macro';
import { mdiAlertCircleOutline, mdiClockOutline, mdiFormatListChecks } from '@mdi/js';
import { Icon } from '../../../components/ui/icon';
import { formatTimeOfDay, type ClockMode } from '../../../lib/dates';
import type { TaskDates } from '../logic/task-dates';
import { useDateLabel } from './labels';

/** 'Overdue by 3 days' in the error colour (SPEC section 4: overdue with the number of days). */
export function OverdueBadge({ days }: { days: number }) {
  if (days <= 0) return null;
  return (
    <span data-testid="overdue" className="inline-flex items-center gap-1 rounded-full bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger">
      <Icon path={mdiAlertCircleOutline} size={13} />
      <Plural value={days} one="Overdue by # day" other="Overdue by # days" />
    </span>
  );
}

/** Start and due dates as 'Today' / 'Yesterday' / 'Mar 5, 2025', the overdue badge and the time. */
export function TaskDateLine({
  dates,
  time,
  today,
  clockMode,
  locale,
}: {
  dates: TaskDates;
  time: string | null;
  today: string;
  clockMode: ClockMode;
  locale: string;
}) {
  const label = useDateLabel();
  const start = dates.start ? label(dates.start, today) : null;
  const due = dates.due ? label(dates.due, today) : null;
  return (
    <>
      {start && (
        <span className="text-xs text-muted">
          <Trans>Starts {start}</Trans>
        </span>
      )}
      {due && (
        <span className={dates.overdueDays > 0 ? 'text-xs font-medium text-danger' : 'text-xs text-muted'}>
          <Trans>Due {due}</Trans>
        </span>
      )}
      <OverdueBadge days={dates.overdueDays} />
      {time && (
        <span className="inline-flex items-center gap-0.5 text-xs text-muted">
          <Icon path={mdiClockOutline} size={13} />
          {formatTimeOfDay(time, clockMode, locale)}
        </span>
      )}
    </>
  );
}

/** '2/5' with a checklist icon: done and total subtasks. */
export function SubtaskCount({ done, total }: { done: number; total: number }) {
  if (total === 0) return null;
  return (
    <span className="inline-flex items-center gap-0.5 text-xs text-muted" title={`${done}/${total}`}>
      <Icon path={mdiFormatListChecks} size={14} />
      <span aria-hidden>
        {done}/{total}
      </span>
      <span className="sr-only">
        <Trans>
          Subtasks done: {done} of {total}
        </Trans>
      </span>
    </span>
  );
}
