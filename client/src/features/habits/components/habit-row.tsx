import { useLingui } from '@lingui/react/macro';
import { mdiCogOutline } from '@mdi/js';
import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import { dayNumber, isTimeYet, scheduleTest } from '@adhd/shared/habits/schedule';
import type { Streaks } from '@adhd/shared/habits/streaks';
import { memo, useCallback, useMemo } from 'react';
import { IconButton } from '../../../components/ui/button';
import { cn, focusRing } from '../../../components/ui/cn';
import type { ClockMode } from '../../../lib/dates';
import { useDayOverrides } from '../hooks/use-day-overrides';
import type { HabitItem } from '../logic/types';
import { DayStrip, STRIP_DAYS } from './day-strip';
import { HabitIcon } from './habit-icon';
import { useHabitLabels } from './labels';
import { StreakBadges } from './streak-badges';
import { HabitTagChips } from './tags-bridge';

export interface HabitRowProps {
  habit: HabitItem;
  streaks: Streaks;
  /** Scheduled today and neither completed nor skipped yet. */
  pending: boolean;
  timeZone: string;
  today: string;
  locale: string;
  clockMode: ClockMode;
  onOpen(id: string): void;
  onSettings(id: string): void;
  onSetDay(habitId: string, date: string, status: HabitDayStatus): Promise<void>;
}

/** A habit in the list: icon, title, frequency and time-of-day chips, tags, streaks and the 14-day strip. */
export const HabitRow = memo(function HabitRow({ habit, streaks, pending, timeZone, today, locale, clockMode, onOpen, onSettings, onSetDay }: HabitRowProps) {
  const { t } = useLingui();
  const labels = useHabitLabels();
  const write = useCallback((date: string, status: HabitDayStatus) => onSetDay(habit.id, date, status), [onSetDay, habit.id]);
  const { statusOf, set, failed } = useDayOverrides(habit.marks, write);
  const test = useMemo(() => scheduleTest(habit), [habit]);
  const scheduled = useCallback((date: string) => test(dayNumber(date)), [test]);
  const title = habit.title || t`Untitled habit`;
  // "Time yet" (SPEC section 4): a pending habit whose time of day has come is due now.
  const due = pending && habit.isActive && isTimeYet(habit, new Date(), timeZone);
  return (
    <li
      data-testid="habit-row"
      data-habit-id={habit.id}
      className={cn('flex flex-col gap-2 rounded-xl border border-line bg-surface p-3 [contain-intrinsic-size:auto_96px] [content-visibility:auto] sm:flex-row sm:items-center sm:gap-4', !habit.isActive && 'opacity-60')}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <HabitIcon name={habit.icon} color={habit.color} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <button type="button" onClick={() => onOpen(habit.id)} className={cn('min-w-0 self-start truncate rounded text-left font-medium hover:underline', focusRing)}>
            {title}
          </button>
          <div className="flex flex-wrap items-center gap-1.5 text-xs">
            <span className="rounded-full bg-section-habits/12 px-2 py-0.5 font-medium text-ink dark:text-success">{labels.frequency(habit, locale)}</span>
            <span
              data-due={due || undefined}
              title={due ? t`Due now` : undefined}
              className={cn('rounded-full px-2 py-0.5', due ? 'bg-warning/15 font-medium text-warning' : 'bg-surface-2 text-muted')}
            >
              {labels.time(habit, clockMode, locale)}
              {due && <span className="sr-only">, {t`due now`}</span>}
            </span>
            {!habit.isActive && <span className="rounded-full bg-surface-2 px-2 py-0.5 text-muted">{t`Paused`}</span>}
            {habit.tags.length > 0 && <HabitTagChips ids={habit.tags} />}
          </div>
          {habit.daysLoading ? <div aria-hidden className="h-4 w-28 rounded bg-surface-2" /> : <StreakBadges streaks={streaks} />}
        </div>
        <IconButton icon={mdiCogOutline} label={t`Habit settings: ${title}`} size="sm" onClick={() => onSettings(habit.id)} className="-mr-1 sm:hidden" />
      </div>
      <div className="flex items-center gap-2">
        {habit.daysLoading ? (
          <div aria-hidden className="grid grid-cols-7 gap-1 sm:flex">
            {Array.from({ length: STRIP_DAYS }, (_, i) => (
              <span key={i} className="h-10 w-10 rounded-full bg-surface-2 sm:h-6 sm:w-6" />
            ))}
          </div>
        ) : (
          <DayStrip title={title} today={today} locale={locale} statusOf={statusOf} scheduled={scheduled} onSet={set} />
        )}
        <IconButton icon={mdiCogOutline} label={t`Habit settings: ${title}`} size="sm" onClick={() => onSettings(habit.id)} className="max-sm:hidden" />
      </div>
      {failed && (
        <p role="alert" className="text-xs text-danger">
          {t`Couldn’t save that day. Please try again.`}
        </p>
      )}
    </li>
  );
});
