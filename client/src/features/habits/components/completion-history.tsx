import { Trans, useLingui } from '@lingui/react/macro';
import { mdiChevronLeft, mdiChevronRight } from '@mdi/js';
import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import { useState } from 'react';
import { IconButton } from '../../../components/ui/button';
import { SegmentedControl } from '../../../components/ui/choice';
import { addMonths, formatMonthYear, splitDate } from '../../../lib/dates';
import { MonthGrid } from './month-grid';

/** SPEC section 4: the year view goes back to 2020 at the earliest and forward to the current year. */
export const EARLIEST_YEAR = 2020;

export interface CompletionHistoryProps {
  today: string;
  weekStartDay: number;
  locale: string;
  statusOf(date: string): HabitDayStatus;
  scheduled(date: string): boolean;
  onSet(date: string, status: HabitDayStatus): void;
}

/** The habit's history as a month view or a year view (12 month grids with previous and next year arrows). */
export function CompletionHistory(props: CompletionHistoryProps) {
  const { t } = useLingui();
  const [view, setView] = useState<'month' | 'year'>('month');
  const [todayYear, todayMonth] = splitDate(props.today);
  const [monthStart, setMonthStart] = useState(`${props.today.slice(0, 7)}-01`);
  const [year, setYear] = useState(todayYear);
  const [y, m] = splitDate(monthStart);
  const earliestMonth = `${EARLIEST_YEAR}-01-01`;
  const grid = { today: props.today, weekStartDay: props.weekStartDay, locale: props.locale, statusOf: props.statusOf, scheduled: props.scheduled, onSet: props.onSet };

  return (
    <section aria-labelledby="habit-history" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="habit-history" className="mr-auto text-xs font-medium uppercase tracking-wide text-muted">
          <Trans>Completion history</Trans>
        </h3>
        <SegmentedControl<'month' | 'year'>
          label={t`History view`}
          value={view}
          onChange={setView}
          buttonClassName="px-3"
          options={[
            { value: 'month', label: <Trans>Month</Trans> },
            { value: 'year', label: <Trans>Year</Trans> },
          ]}
        />
      </div>
      {view === 'month' ? (
        <div className="flex flex-col gap-2 self-center">
          <div className="flex items-center justify-between gap-2">
            <IconButton icon={mdiChevronLeft} label={t`Previous month`} size="sm" disabled={monthStart <= earliestMonth} onClick={() => setMonthStart(addMonths(monthStart, -1))} />
            <span className="inline-block text-sm font-medium first-letter:uppercase" aria-live="polite">
              {formatMonthYear(y, m, props.locale)}
            </span>
            <IconButton
              icon={mdiChevronRight}
              label={t`Next month`}
              size="sm"
              disabled={y > todayYear || (y === todayYear && m >= todayMonth)}
              onClick={() => setMonthStart(addMonths(monthStart, 1))}
            />
          </div>
          <MonthGrid year={y} month={m} size="md" {...grid} />
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex items-center justify-center gap-3">
            <IconButton icon={mdiChevronLeft} label={t`Previous year`} size="sm" disabled={year <= EARLIEST_YEAR} onClick={() => setYear(year - 1)} />
            <span className="min-w-16 text-center text-base font-semibold tabular-nums" aria-live="polite" data-testid="history-year">
              {year}
            </span>
            <IconButton icon={mdiChevronRight} label={t`Next year`} size="sm" disabled={year >= todayYear} onClick={() => setYear(year + 1)} />
          </div>
          <div data-testid="year-view" className="grid grid-cols-1 gap-4 min-[420px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
            {Array.from({ length: 12 }, (_, i) => (
              <MonthGrid key={i} year={year} month={i + 1} size="sm" showTitle {...grid} />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
