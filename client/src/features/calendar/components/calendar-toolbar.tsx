import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { mdiChevronLeft, mdiChevronRight } from '@mdi/js';
import { Button, IconButton } from '../../../components/ui/button';
import { SegmentedControl } from '../../../components/ui/choice';
import { SelectField } from '../../../components/ui/select';
import { MAX_DAYS, MIN_DAYS, type CalendarView } from '../logic/views';

export interface CalendarToolbarProps {
  view: CalendarView;
  days: number;
  title: string;
  onToday(): void;
  onStep(direction: 1 | -1): void;
  onView(view: CalendarView): void;
  onDays(days: number): void;
  /** At the end of the first row: the Google Calendar button (connect, or the Google panel's toggle). */
  extra?: ReactNode;
}

const DAY_COUNTS = Array.from({ length: MAX_DAYS - MIN_DAYS + 1 }, (_, i) => String(MIN_DAYS + i));

/**
 * The calendar's own toolbar (FullCalendar's is off): Today, previous, next, the range title, the view switch and,
 * in the days view, how many days; the Google button ends the first row. Two rows below 640 px, so it fits a 375 px screen.
 */
export function CalendarToolbar({ view, days, title, onToday, onStep, onView, onDays, extra }: CalendarToolbarProps) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="calendar-toolbar">
      <div className="flex w-full min-w-0 items-center gap-1 sm:w-auto sm:flex-1">
        <Button onClick={onToday} className="px-3">
          <Trans>Today</Trans>
        </Button>
        <IconButton icon={mdiChevronLeft} label={t`Previous`} onClick={() => onStep(-1)} />
        <IconButton icon={mdiChevronRight} label={t`Next`} onClick={() => onStep(1)} />
        <h2 className="ml-1 min-w-0 truncate text-base font-semibold sm:text-lg" aria-live="polite" data-testid="calendar-title">
          {title}
        </h2>
        {extra && <div className="ml-auto shrink-0 pl-1">{extra}</div>}
      </div>
      <div className="flex w-full items-center gap-2 sm:w-auto">
        <div className="min-w-0 flex-1 sm:flex-none [&>div]:w-full">
          <SegmentedControl
            label={t`Calendar view`}
            value={view}
            onChange={onView}
            buttonClassName="flex-1 px-1.5 sm:flex-none sm:px-3"
            options={[
              { value: 'month', label: <Trans>Month</Trans> },
              { value: 'week', label: <Trans>Week</Trans> },
              { value: 'day', label: <Trans>Day</Trans> },
              { value: 'days', label: <Trans>Days</Trans> },
            ]}
          />
        </div>
        {view === 'days' && (
          <SelectField
            label={t`Number of days`}
            hideLabel
            value={String(days)}
            onValueChange={(v) => onDays(Number(v))}
            options={DAY_COUNTS.map((n) => ({ value: n, label: t`${n} days` }))}
            className="w-28 shrink-0"
          />
        )}
      </div>
    </div>
  );
}
