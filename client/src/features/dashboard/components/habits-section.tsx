import { Trans, useLingui } from '@lingui/react/macro';
import { minutesOfDayInZone } from '@adhd/shared/time';
import { mdiFire, mdiRepeat } from '@mdi/js';
import { memo, useCallback, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Link } from 'wouter';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import type { UserPrefs } from '../../../lib/use-prefs';
import { useHabitActions, useHabitLabels, type HabitActions, type HabitItem } from '../../habits';
import { useOptimisticToggle } from '../../tasks';
import { currentStreak, todayHabitsCached, type TodayHabit } from '../data/select';
import { DashboardSection } from './section';

/** Rows shown before 'Show all': a long list of habits would push the other sections far down. */
export const HABITS_SHOWN = 12;

interface RowProps {
  item: TodayHabit;
  today: string;
  prefs: UserPrefs;
  actions: HabitActions;
}

const HabitRow = memo(function HabitRow({ item, today, prefs, actions }: RowProps) {
  const { t } = useLingui();
  const labels = useHabitLabels();
  const { habit } = item;
  const write = useCallback((next: boolean) => actions.setDay(habit.id, today, next ? 'complete' : 'empty'), [actions, habit.id, today]);
  const { checked, toggle, failed } = useOptimisticToggle(item.status === 'complete', write);
  const title = habit.title || t`Untitled habit`;
  const stored = currentStreak(habit, today);
  const streak = stored === null ? null : stored + (checked && item.status !== 'complete' ? 1 : !checked && item.status === 'complete' ? -1 : 0);
  return (
    <li data-dashboard-habit={habit.id} data-later={item.later || undefined} className="flex items-center gap-1">
      <Checkbox shape="round" checked={checked} onCheckedChange={toggle} label={checked ? t`Completed today: ${title}` : t`Complete today: ${title}`} />
      <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: habit.color ?? 'var(--color-section-habits)' }} />
      <div className="min-w-0 flex-1 py-2 pl-1.5">
        <Link href={`/habits?id=${encodeURIComponent(habit.id)}`} className={cn('rounded break-words leading-snug hover:underline', focusRing, (checked || item.later) && 'text-muted', checked && 'line-through')}>
          {title}
        </Link>
        <div className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <span>{labels.time(habit, prefs.clockMode, prefs.locale)}</span>
          {item.later && !checked && (
            <span className="rounded-full bg-surface-2 px-2 py-px">
              <Trans>Later</Trans>
            </span>
          )}
          {item.status === 'skip' && (
            <span className="rounded-full bg-surface-2 px-2 py-px">
              <Trans>Skipped</Trans>
            </span>
          )}
        </div>
        {failed && (
          <p role="alert" className="mt-1 text-xs text-danger">
            <Trans>Couldn’t save that day. Please try again.</Trans>
          </p>
        )}
      </div>
      {streak !== null ? (
        <span className={cn('inline-flex shrink-0 items-center gap-0.5 pr-1 text-sm tabular-nums', streak > 0 ? 'text-warning' : 'text-muted')} title={t`Current streak`}>
          <Icon path={mdiFire} size={16} />
          <span className="sr-only">{t`Current streak`}: </span>
          {streak}
        </span>
      ) : (
        <span aria-hidden className="h-4 w-8 shrink-0 rounded bg-surface-2" />
      )}
    </li>
  );
});


/** Today's habits: the active ones scheduled today, in time-of-day order, each completable with one click. */
export const HabitsSection = memo(function HabitsSection({ habits, today, prefs }: { habits: HabitItem[]; today: string; prefs: UserPrefs }) {
  const { t } = useLingui();
  const actions = useHabitActions();
  // A quarter-hour step is enough for "later" (morning from 09:00…); it is read again on each render of the day.
  const minute = Math.floor(minutesOfDayInZone(new Date(), prefs.timeZone) / 15) * 15;
  const rows = useMemo(() => todayHabitsCached(habits, today, minute), [habits, today, minute]);
  const done = rows.filter((r) => r.status === 'complete').length;
  const total = rows.length;
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, HABITS_SHOWN);
  return (
    <DashboardSection
      id="dashboard-habits"
      title={<Trans>Today's habits</Trans>}
      href="/habits"
      color="var(--color-section-habits)"
      icon={mdiRepeat}
      emptyLine={habits.length === 0 ? <Trans>No habits yet. One tiny daily habit is a good start.</Trans> : <Trans>No habits scheduled today.</Trans>}
    >
      {rows.length === 0 ? null : (
        <>
          <p className="text-xs text-muted" aria-live="polite">
            <Trans>
              {done} of {total} done
            </Trans>
          </p>
          <ul className="flex flex-col" aria-label={t`Today's habits`}>
            {shown.map((item) => (
              <HabitRow key={item.habit.id} item={item} today={today} prefs={prefs} actions={actions} />
            ))}
          </ul>
          {shown.length < rows.length && (
            <Button variant="ghost" size="sm" className="self-start" onClick={() => setAll(true)}>
              <Trans>Show all {total}</Trans>
            </Button>
          )}
        </>
      )}
    </DashboardSection>
  );
});
