import type { HabitDayStatus } from './schema.js';

/**
 * Per-day rules of the habit screens (SPEC section 4, "Habit day status"), shared so the list row, the year
 * grid and the tests agree.
 */

/** List row: empty → complete → miss → skip → empty. */
export function nextListStatus(status: HabitDayStatus): HabitDayStatus {
  switch (status) {
    case 'empty':
      return 'complete';
    case 'complete':
      return 'miss';
    case 'miss':
      return 'skip';
    default:
      return 'empty';
  }
}

/** Year (and month) grid: empty or skip → complete, complete → miss, miss → skip. */
export function nextGridStatus(status: HabitDayStatus): HabitDayStatus {
  if (status === 'complete') return 'miss';
  if (status === 'miss') return 'skip';
  return 'complete';
}

export type DayDisplayState = 'completed' | 'missed' | 'skipped' | 'today' | 'empty' | 'future';

/** How a day shows: future days are future whatever is stored; an unmarked today shows as today. */
export function dayDisplayState(status: HabitDayStatus, date: string, today: string): DayDisplayState {
  if (date > today) return 'future';
  if (status === 'complete') return 'completed';
  if (status === 'miss') return 'missed';
  if (status === 'skip') return 'skipped';
  return date === today ? 'today' : 'empty';
}

/** A day can be toggled only when it is not in the future and the habit is scheduled on it (SPEC section 5). */
export function canToggleDay(date: string, today: string, scheduled: boolean): boolean {
  return date <= today && scheduled;
}

export interface HistoryEntry {
  date: string;
  status: HabitDayStatus;
  /** SPEC section 3's `{date, completed}`; true only for `complete`. */
  completed: boolean;
}

/** `completionHistory` as the API answers it: one entry per marked day, oldest first; empty days are absent. */
export function toCompletionHistory(marks: Iterable<{ date: string; status: HabitDayStatus }>): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  for (const m of marks) if (m.status !== 'empty') out.push({ date: m.date, status: m.status, completed: m.status === 'complete' });
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
