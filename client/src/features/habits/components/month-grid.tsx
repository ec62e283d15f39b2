import { useLingui } from '@lingui/react/macro';
import { canToggleDay, dayDisplayState, nextGridStatus } from '@adhd/shared/habits/days';
import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import { formatLongDate, formatMonthYear, monthGrid, weekdayNames } from '../../../lib/dates';
import { cn } from '../../../components/ui/cn';
import { DayCell } from './day-cell';
import { useHabitLabels } from './labels';

export interface MonthGridProps {
  year: number;
  /** 1-12. */
  month: number;
  today: string;
  weekStartDay: number;
  locale: string;
  size: 'sm' | 'md';
  statusOf(date: string): HabitDayStatus;
  scheduled(date: string): boolean;
  onSet(date: string, status: HabitDayStatus): void;
  /** Heading shown above the grid (the year view names each month). */
  showTitle?: boolean;
}

/** One month of a habit's history; a click goes empty/skip → complete → miss → skip (SPEC section 4). */
export function MonthGrid({ year, month, today, weekStartDay, locale, size, statusOf, scheduled, onSet, showTitle }: MonthGridProps) {
  const { t } = useLingui();
  const labels = useHabitLabels();
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  const dates = monthGrid(year, month, weekStartDay);
  const rows = dates[35]!.startsWith(prefix) ? 6 : dates[28]!.startsWith(prefix) ? 5 : 4;
  const title = formatMonthYear(year, month, locale);
  return (
    <section aria-label={title} className="flex flex-col gap-1">
      {showTitle && <h4 className="text-sm font-medium first-letter:uppercase">{title}</h4>}
      <div role="grid" aria-label={title} className={cn('grid grid-cols-7 justify-items-center', size === 'md' ? 'gap-1.5' : 'gap-0.5')}>
        <div role="row" className="contents">
          {weekdayNames(locale, weekStartDay, 'narrow').map((d, i) => (
            <span key={i} role="columnheader" className="text-[0.625rem] font-medium uppercase text-muted">
              {d}
            </span>
          ))}
        </div>
        {Array.from({ length: rows }, (_, r) => (
          <div key={r} role="row" className="contents">
            {dates.slice(r * 7, r * 7 + 7).map((date) => {
              if (!date.startsWith(prefix)) return <span key={date} role="gridcell" aria-hidden className={size === 'md' ? 'h-9 w-9 sm:h-7 sm:w-7' : 'h-10 w-10 sm:h-6 sm:w-6'} />;
              const status = statusOf(date);
              const isScheduled = scheduled(date);
              const state = dayDisplayState(status, date, today);
              const when = formatLongDate(date, locale);
              return (
                <span key={date} role="gridcell">
                  <DayCell
                    state={state}
                    text={String(Number(date.slice(8)))}
                    label={isScheduled ? `${when}: ${labels.state[state]}` : t`${when}: not scheduled`}
                    active={canToggleDay(date, today, isScheduled)}
                    scheduled={isScheduled}
                    size={size}
                    onClick={() => onSet(date, nextGridStatus(status))}
                  />
                </span>
              );
            })}
          </div>
        ))}
      </div>
    </section>
  );
}
