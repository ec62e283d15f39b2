import { useLingui } from '@lingui/react/macro';
import { canToggleDay, dayDisplayState, nextListStatus } from '@adhd/shared/habits/days';
import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import { addDays } from '@adhd/shared/time';
import { formatDayLabel } from '../../../lib/dates';
import { DayCell } from './day-cell';
import { useHabitLabels } from './labels';

/** SPEC section 9: the list row shows the last 14 days. */
export const STRIP_DAYS = 14;

export interface DayStripProps {
  title: string;
  today: string;
  locale: string;
  statusOf(date: string): HabitDayStatus;
  scheduled(date: string): boolean;
  onSet(date: string, status: HabitDayStatus): void;
}

/** The last 14 days, oldest first; a click cycles empty → complete → miss → skip → empty. */
export function DayStrip({ title, today, locale, statusOf, scheduled, onSet }: DayStripProps) {
  const { t } = useLingui();
  const labels = useHabitLabels();
  const dates = Array.from({ length: STRIP_DAYS }, (_, i) => addDays(today, i - STRIP_DAYS + 1));
  return (
    <div role="group" aria-label={t`Last 14 days of ${title}`} className="grid grid-cols-7 justify-items-center gap-1 sm:flex">
      {dates.map((date) => {
        const status = statusOf(date);
        const isScheduled = scheduled(date);
        const state = dayDisplayState(status, date, today);
        const active = canToggleDay(date, today, isScheduled);
        const when = formatDayLabel(date, locale);
        return (
          <DayCell
            key={date}
            state={state}
            text={String(Number(date.slice(8)))}
            label={isScheduled ? `${when}: ${labels.state[state]}` : t`${when}: not scheduled`}
            active={active}
            scheduled={isScheduled}
            size="sm"
            onClick={() => onSet(date, nextListStatus(status))}
          />
        );
      })}
    </div>
  );
}
