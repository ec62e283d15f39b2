import { computeStreaks, type Streaks } from '@adhd/shared/habits/streaks';
import { compareHabits, isPendingToday, type HabitSort } from '@adhd/shared/habits/view';
import { useMemo } from 'react';
import type { HabitItem } from '../logic/types';

export interface HabitView {
  habit: HabitItem;
  streaks: Streaks;
  pending: boolean;
}

/** Views computed before, per habit object and day: an unchanged habit keeps its view (and its row stays put). */
const viewCache = new WeakMap<HabitItem, { today: string; view: HabitView }>();

function viewOf(habit: HabitItem, today: string): HabitView {
  const hit = viewCache.get(habit);
  if (hit && hit.today === today) return hit.view;
  const streaks = computeStreaks(habit, marksOf(habit), today);
  const view = { habit, streaks, pending: isPendingToday(habit, habit.marks.get(today) ?? 'empty', today) };
  viewCache.set(habit, { today, view });
  return view;
}

function marksOf(habit: HabitItem) {
  return Array.from(habit.marks, ([date, status]) => ({ date, status }));
}

/** Streaks and "pending today" of each habit (computed on read, like the server), sorted for the list. */
export function useHabitViews(habits: HabitItem[] | undefined, today: string, sort: HabitSort): HabitView[] | undefined {
  const computed = useMemo(
    () =>
      habits?.map((habit) => viewOf(habit, today)),
    [habits, today],
  );
  return useMemo(() => {
    if (!computed) return undefined;
    const cmp = compareHabits(sort);
    return [...computed].sort((a, b) =>
      cmp(
        { ...a.habit, pending: a.pending, currentAntiStreak: a.streaks.currentAntiStreak },
        { ...b.habit, pending: b.pending, currentAntiStreak: b.streaks.currentAntiStreak },
      ),
    );
  }, [computed, sort]);
}
