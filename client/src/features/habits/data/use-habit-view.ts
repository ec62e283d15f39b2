import { computeStreaks, type Streaks } from '@adhd/shared/habits/streaks';
import { compareHabits, isPendingToday, type HabitSort } from '@adhd/shared/habits/view';
import { useMemo } from 'react';
import type { HabitItem } from '../logic/types';

export interface HabitView {
  habit: HabitItem;
  streaks: Streaks;
  pending: boolean;
}

function marksOf(habit: HabitItem) {
  return Array.from(habit.marks, ([date, status]) => ({ date, status }));
}

/** Streaks and "pending today" of each habit (computed on read, like the server), sorted for the list. */
export function useHabitViews(habits: HabitItem[] | undefined, today: string, sort: HabitSort): HabitView[] | undefined {
  const computed = useMemo(
    () =>
      habits?.map((habit): HabitView => {
        const streaks = computeStreaks(habit, marksOf(habit), today);
        return { habit, streaks, pending: isPendingToday(habit, habit.marks.get(today) ?? 'empty', today) };
      }),
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
