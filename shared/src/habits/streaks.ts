import { dayNumber, scheduleTest, type ScheduleRule } from './schedule.js';
import type { HabitDayStatus } from './schema.js';

/**
 * Streaks, anti-streaks and best streaks (the definition and worked examples are in docs/habits.md).
 * Pure and allocation-light: one pass over whole-day numbers, so 300 habits × 5 years take a few ms.
 *
 * - Only scheduled days count. Days before the habit's first day (`startDate`, or an earlier marked day)
 *   do not exist for streaks. Marks after today are ignored.
 * - Current streak: consecutive scheduled days marked complete, ending today when today is complete, else
 *   yesterday (an open today never breaks it). A skipped day is passed over (neither breaks nor extends);
 *   a missed or empty scheduled day breaks it.
 * - Anti-streak: consecutive scheduled past days missed or left empty, counted back from the latest
 *   scheduled day before today; skipped days are passed over; 0 when that day is complete, and 0 when today
 *   is scheduled and already complete.
 * - Best streak: the longest run ever by the current streak's rule.
 */
export interface Streaks {
  currentStreak: number;
  currentAntiStreak: number;
  bestStreak: number;
}

export interface DayMark {
  date: string;
  status: HabitDayStatus | string;
}

const COMPLETE = 1;
const MISS = 2;
const SKIP = 3;

export const NO_STREAKS: Streaks = { currentStreak: 0, currentAntiStreak: 0, bestStreak: 0 };

export function computeStreaks(rule: ScheduleRule, marks: Iterable<DayMark>, today: string): Streaks {
  const T = dayNumber(today);
  if (Number.isNaN(T)) return { ...NO_STREAKS };
  const list = Array.isArray(marks) ? (marks as readonly DayMark[]) : [...marks];
  // One pass: parse each mark once into typed arrays, and find the first day.
  const days = new Int32Array(list.length);
  const kinds = new Uint8Array(list.length);
  let n = 0;
  let first = rule.startDate ? dayNumber(rule.startDate) : Number.NaN;
  for (let i = 0; i < list.length; i++) {
    const m = list[i]!;
    const code = m.status === 'complete' ? COMPLETE : m.status === 'miss' ? MISS : m.status === 'skip' ? SKIP : 0;
    if (!code) continue;
    const d = dayNumber(m.date);
    if (!(d <= T)) continue; // NaN or after today
    days[n] = d;
    kinds[n++] = code;
    if (!(d >= first)) first = d; // also replaces NaN
  }
  if (Number.isNaN(first)) first = T;
  if (first > T) return { ...NO_STREAKS };
  const S = first;
  const codes = new Uint8Array(T - S + 1);
  for (let i = 0; i < n; i++) codes[days[i]! - S] = kinds[i]!;
  const scheduled = scheduleTest(rule);
  const todayComplete = codes[T - S] === COMPLETE && scheduled(T);
  const end = todayComplete ? T : T - 1;

  let currentStreak = 0;
  for (let d = end; d >= S; d--) {
    if (!scheduled(d)) continue;
    const c = codes[d - S];
    if (c === COMPLETE) currentStreak++;
    else if (c !== SKIP) break;
  }

  let currentAntiStreak = 0;
  if (!todayComplete) {
    for (let d = T - 1; d >= S; d--) {
      if (!scheduled(d)) continue;
      const c = codes[d - S];
      if (c === COMPLETE) break;
      if (c !== SKIP) currentAntiStreak++;
    }
  }

  let bestStreak = 0;
  let run = 0;
  for (let d = S; d <= end; d++) {
    if (!scheduled(d)) continue;
    const c = codes[d - S];
    if (c === COMPLETE) {
      run++;
      if (run > bestStreak) bestStreak = run;
    } else if (c !== SKIP) run = 0;
  }
  return { currentStreak, currentAntiStreak, bestStreak };
}
