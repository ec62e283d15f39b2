import { toCompletionHistory, type HistoryEntry } from './days.js';
import { isScheduledOn, timeOfDayMinutes } from './schedule.js';
import type { HabitData, HabitDayStatus } from './schema.js';
import { computeStreaks, type Streaks } from './streaks.js';

/**
 * The derived parts of a habit, computed on read from its day rows (design/sync.md: nothing derived is
 * stored). Used by the server's REST answers and by the client's screens alike.
 */
export interface HabitDerived extends Streaks {
  completionHistory: HistoryEntry[];
  completedToday: boolean;
  todayStatus: HabitDayStatus;
}

export function deriveHabit(data: HabitData, marks: readonly { date: string; status: HabitDayStatus }[], today: string): HabitDerived {
  const todayStatus = marks.find((m) => m.date === today)?.status ?? 'empty';
  return {
    completionHistory: toCompletionHistory(marks),
    completedToday: todayStatus === 'complete',
    todayStatus,
    ...computeStreaks(data, marks, today),
  };
}

/**
 * Today's pending habits (`GET /api/habits/pending`, the "pending today" sort): active, scheduled today and
 * neither completed nor skipped today.
 */
export function isPendingToday(data: Pick<HabitData, 'isActive' | 'frequency' | 'customFrequency' | 'startDate'>, todayStatus: HabitDayStatus, today: string): boolean {
  return data.isActive !== false && isScheduledOn(data, today) && todayStatus !== 'complete' && todayStatus !== 'skip';
}

export type HabitSort = 'timeOfDay' | 'pending' | 'antiStreak';

export interface SortableHabit {
  id: string;
  title: string;
  timeOfDay: string;
  customTime?: string | null;
  pending: boolean;
  currentAntiStreak: number;
}

/** The three orders of the habits list (SPEC section 2); ties fall back to time of day, then title. */
export function compareHabits(sort: HabitSort): (a: SortableHabit, b: SortableHabit) => number {
  const byTime = (a: SortableHabit, b: SortableHabit) =>
    timeOfDayMinutes(a) - timeOfDayMinutes(b) || a.title.localeCompare(b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  if (sort === 'pending') return (a, b) => Number(b.pending) - Number(a.pending) || byTime(a, b);
  if (sort === 'antiStreak') return (a, b) => b.currentAntiStreak - a.currentAntiStreak || byTime(a, b);
  return byTime;
}
