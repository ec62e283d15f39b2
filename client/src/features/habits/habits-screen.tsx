import { Trans, useLingui } from '@lingui/react/macro';
import { mdiPlus } from '@mdi/js';
import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import type { HabitSort } from '@adhd/shared/habits/view';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '../../components/ui/button';
import { EmptyState, ListSkeleton, ScreenHeader } from '../../components/ui/screen';
import { SelectField } from '../../components/ui/select';
import { HabitRow } from './components/habit-row';
import { useHabitActions } from './data/mutations';
import { liveHabits, useHabits } from './data/queries';
import type { AppDatabase } from '../../db/database';
import { useHabitViews } from './data/use-habit-view';
import { HabitDetailsDialog } from './dialogs/habit-details-dialog';
import { HabitFormDialog, type HabitFormTarget } from './dialogs/habit-form-dialog';
import { useOpenById } from '../../lib/use-open-by-id';
import { usePrefs, useToday } from '../../lib/use-prefs';
import { useStoredSort } from './hooks/use-stored-sort';

/**
 * The Habits screen (SPEC sections 2-5): the list sorted by time of day, pending today or anti-streak, each
 * row with its 14-day strip; the details (full screen) and the form. Everything renders from the local
 * database, so it works offline; /habits?id={id} opens that habit's details.
 */
export function HabitsScreen() {
  const { t } = useLingui();
  const prefs = usePrefs();
  const today = useToday(prefs.timeZone);
  const habits = useHabits();
  const [sort, setSort] = useStoredSort();
  const views = useHabitViews(habits, today, sort);
  const actions = useHabitActions();
  const [params, setParams] = useSearchParams();
  const [form, setForm] = useState<HabitFormTarget | null>(null);

  const detailsId = params.get('id');
  const details = detailsId ? views?.find((v) => v.habit.id === detailsId) : undefined;
  useOpenById(detailsId, views && !!details);
  const openDetails = useCallback((id: string | null) => setParams(id ? { id } : {}, { replace: true }), [setParams]);
  const openSettings = useCallback((id: string) => setForm({ mode: 'view', id }), []);
  const setDay = useCallback((habitId: string, date: string, status: HabitDayStatus) => actions.setDay(habitId, date, status), [actions]);
  const shown = useProgressiveCount(views?.length ?? 0);
  const formHabit = form && form.mode !== 'create' ? habits?.find((h) => h.id === form.id) : undefined;

  return (
    <section className="mx-auto flex max-w-5xl flex-col gap-4" aria-labelledby="habits-title">
      <ScreenHeader titleId="habits-title" title={<Trans>Habits</Trans>} titleClassName="text-section-habits max-sm:w-full dark:text-success">
        <SelectField<HabitSort>
          label={t`Sort by`}
          hideLabel
          value={sort}
          onValueChange={setSort}
          className="max-sm:flex-1" triggerClassName="sm:min-w-44"
          options={[
            { value: 'timeOfDay', label: t`Time of day` },
            { value: 'pending', label: t`Pending today` },
            { value: 'antiStreak', label: t`Anti-streak` },
          ]}
        />
        <Button variant="primary" icon={mdiPlus} onClick={() => setForm({ mode: 'create' })} disabled={!habits} className="max-sm:w-11 max-sm:px-0" aria-label={t`New habit`}>
          <span className="max-sm:hidden">
            <Trans>New habit</Trans>
          </span>
        </Button>
      </ScreenHeader>

      {views === undefined ? (
        <ListSkeleton rowClassName="h-20" />
      ) : views.length === 0 ? (
        <EmptyState title={<Trans>No habits yet.</Trans>} hint={<Trans>Start with one tiny habit. Small and daily beats big and rare.</Trans>}>
          <Button variant="primary" icon={mdiPlus} onClick={() => setForm({ mode: 'create' })}>
            <Trans>New habit</Trans>
          </Button>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={t`Habits`}>
          {views.slice(0, shown).map((v) => (
            <HabitRow
              key={v.habit.id}
              habit={v.habit}
              streaks={v.streaks}
              pending={v.pending}
              timeZone={prefs.timeZone}
              today={today}
              locale={prefs.locale}
              clockMode={prefs.clockMode}
              onOpen={openDetails}
              onSettings={openSettings}
              onSetDay={setDay}
            />
          ))}
        </ul>
      )}

      {/* The details open once the habit's days are read (right after the first paint), so what they show and
          what 'Complete today' does are never based on days not yet loaded. */}
      {details && !form && !details.habit.daysLoading && (
        <HabitDetailsDialog
          key={details.habit.id}
          habit={details.habit}
          streaks={details.streaks}
          prefs={prefs}
          today={today}
          onClose={() => openDetails(null)}
          onEdit={() => setForm({ mode: 'edit', id: details.habit.id })}
          onDeleted={() => openDetails(null)}
        />
      )}
      {form && habits && (form.mode === 'create' || formHabit) && (
        <HabitFormDialog
          key={form.mode === 'create' ? 'create' : `${form.mode}-${form.id}`}
          target={form}
          habit={formHabit}
          prefs={prefs}
          today={today}
          onClose={() => setForm(null)}
        />
      )}
    </section>
  );
}

/** Rows rendered at once; the rest follow in chunks after the first paint, so a long list shows at once. */
const FIRST_ROWS = 20;
const CHUNK_ROWS = 40;

function useProgressiveCount(total: number): number {
  const [count, setCount] = useState(FIRST_ROWS);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((c) => c + CHUNK_ROWS), 0);
    return () => clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}

/** Start reading the user's habits and days into memory before the screen mounts (for a route preloader). */
export function warmHabits(db: AppDatabase): void {
  liveHabits(db);
}
