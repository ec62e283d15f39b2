import { describe, expect, it } from 'vitest';
import { addDays } from '../time.js';
import { habitToday } from './schedule.js';
import { computeStreaks, type DayMark } from './streaks.js';

const daily = { frequency: 'daily', startDate: '2025-01-01' };
const weekdays = (days: number[], startDate = '2025-01-01') => ({ frequency: 'custom', customFrequency: { type: 'days', days }, startDate });
const every = (interval: number, startDate: string) => ({ frequency: 'custom', customFrequency: { type: 'interval', interval }, startDate });

/** Marks from a compact string ending on `last`: c complete, m miss, s skip, . empty. */
function marks(last: string, pattern: string): DayMark[] {
  const out: DayMark[] = [];
  const codes: Record<string, string> = { c: 'complete', m: 'miss', s: 'skip' };
  [...pattern].forEach((ch, i) => {
    const status = codes[ch];
    if (status) out.push({ date: addDays(last, i - pattern.length + 1), status });
  });
  return out;
}

const T = '2025-03-10'; // a Monday

describe('streaks (docs/habits.md)', () => {
  it.each([
    // label, rule, pattern ending today, [current, anti, best]
    ['nothing marked', daily, '', [0, 68, 0]],
    ['today complete', daily, 'c', [1, 0, 1]],
    ['an open today does not break the streak', daily, 'ccc.', [3, 0, 3]],
    ['a run ending today', daily, 'cccc', [4, 0, 4]],
    ['a missed yesterday breaks it', daily, 'ccm.', [0, 1, 2]],
    ['an empty yesterday breaks it', daily, 'cc..', [0, 1, 2]],
    ['a skipped day is passed over', daily, 'ccsc', [3, 0, 3]],
    ['skipped yesterday, open today', daily, 'ccs.', [2, 0, 2]],
    ['a miss today is not counted yet: the streak ends yesterday', daily, 'ccm', [2, 0, 2]],
    ['anti-streak over misses and empties, skip passed over', daily, 'cm.sm.', [0, 3, 1]],
    ['today complete ends the anti-streak', daily, 'mmmc', [1, 0, 1]],
    ['best is the longest earlier run', daily, 'cccccmcc.', [2, 0, 5]],
  ] as const)('%s', (_label, rule, pattern, [current, anti, best]) => {
    const fromStart = { ...rule, startDate: pattern ? addDays(T, -pattern.length + 1) : rule.startDate };
    expect(computeStreaks(fromStart, marks(T, pattern), T)).toEqual({ currentStreak: current, currentAntiStreak: anti, bestStreak: best });
  });

  it('counts only scheduled days: Mon/Wed/Fri with the days in between empty', () => {
    // Fri 7, Wed 5, Mon 3 complete; Sat/Sun/Tue/Thu are not scheduled.
    const m = [
      { date: '2025-03-03', status: 'complete' },
      { date: '2025-03-05', status: 'complete' },
      { date: '2025-03-07', status: 'complete' },
    ];
    expect(computeStreaks(weekdays([1, 3, 5], '2025-03-03'), m, T)).toEqual({ currentStreak: 3, currentAntiStreak: 0, bestStreak: 3 });
    // Over the weekend (not scheduled) the streak holds.
    expect(computeStreaks(weekdays([1, 3, 5], '2025-03-03'), m, '2025-03-09').currentStreak).toBe(3);
    // Tuesday 11: Monday 10 was left empty and breaks it.
    expect(computeStreaks(weekdays([1, 3, 5], '2025-03-03'), m, '2025-03-11')).toEqual({ currentStreak: 0, currentAntiStreak: 1, bestStreak: 3 });
    // Thursday 13: Monday 10 and Wednesday 12 were left empty.
    expect(computeStreaks(weekdays([1, 3, 5], '2025-03-03'), m, '2025-03-13')).toEqual({ currentStreak: 0, currentAntiStreak: 2, bestStreak: 3 });
  });

  it('crosses a week start (Saturday → Sunday) like any other day, whatever the user week start', () => {
    const m = marks('2025-03-09', 'cc'); // Sat 8, Sun 9
    expect(computeStreaks(weekdays([0, 6], '2025-03-01'), m, '2025-03-09').currentStreak).toBe(2);
    expect(computeStreaks(weekdays([0, 6], '2025-03-01'), m, '2025-03-14').currentStreak).toBe(2);
  });

  it('crosses DST changes: calendar days, not 24-hour spans', () => {
    // US spring forward on 2025-03-09, fall back on 2025-11-02; Europe on 2025-03-30.
    for (const last of ['2025-03-10', '2025-11-03', '2025-03-31']) {
      expect(computeStreaks({ frequency: 'daily', startDate: addDays(last, -4) }, marks(last, 'ccccc'), last).currentStreak).toBe(5);
    }
    // Today from the clock: 00:30 local on the day after spring forward in New York.
    const today = habitToday(new Date('2025-03-10T04:30:00Z'), 'America/New_York');
    expect(today).toBe('2025-03-10');
    expect(computeStreaks(daily, marks('2025-03-09', 'ccc'), today).currentStreak).toBe(3);
  });

  it('crosses leap days (2024-02-29 exists, 2025 has none)', () => {
    expect(computeStreaks({ frequency: 'daily', startDate: '2024-02-27' }, marks('2024-03-01', 'ccccc'.slice(0, 4)), '2024-03-01').currentStreak).toBe(4);
    // Every 2 days from 27 Feb 2024: 27, 29 Feb, 2 Mar.
    const m = [
      { date: '2024-02-27', status: 'complete' },
      { date: '2024-02-29', status: 'complete' },
      { date: '2024-03-02', status: 'complete' },
    ];
    expect(computeStreaks(every(2, '2024-02-27'), m, '2024-03-03')).toEqual({ currentStreak: 3, currentAntiStreak: 0, bestStreak: 3 });
    expect(computeStreaks(every(2, '2024-02-27'), m, '2024-03-05')).toEqual({ currentStreak: 0, currentAntiStreak: 1, bestStreak: 3 });
  });

  it('gives an interval habit that starts in the future no streaks and no anti-streak', () => {
    expect(computeStreaks(every(3, '2025-04-01'), [], T)).toEqual({ currentStreak: 0, currentAntiStreak: 0, bestStreak: 0 });
    // Days marked before the start are not scheduled, so they do not count either.
    expect(computeStreaks(every(3, '2025-04-01'), marks(T, 'ccc'), T)).toEqual({ currentStreak: 0, currentAntiStreak: 0, bestStreak: 0 });
  });

  it('counts an interval habit only on its days', () => {
    const rule = every(3, '2025-03-01'); // 1, 4, 7, 10 March
    const m = [
      { date: '2025-03-01', status: 'complete' },
      { date: '2025-03-04', status: 'skip' },
      { date: '2025-03-07', status: 'complete' },
    ];
    expect(computeStreaks(rule, m, T)).toEqual({ currentStreak: 2, currentAntiStreak: 0, bestStreak: 2 });
    expect(computeStreaks(rule, m, '2025-03-11')).toEqual({ currentStreak: 0, currentAntiStreak: 1, bestStreak: 2 });
  });

  it('ignores marks after today and marks on unscheduled days', () => {
    const m = [...marks(T, 'cc'), { date: '2025-03-11', status: 'complete' }];
    expect(computeStreaks({ frequency: 'daily', startDate: '2025-03-09' }, m, T).currentStreak).toBe(2);
    const tueOnly = weekdays([2], '2025-03-01');
    expect(computeStreaks(tueOnly, marks(T, 'ccccccc'), T)).toEqual({ currentStreak: 1, currentAntiStreak: 0, bestStreak: 1 });
  });

  it('uses the date in the user zone: 23:30 in Vladivostok and in Honolulu', () => {
    const rule = { frequency: 'daily', startDate: '2025-03-08' };
    const m = marks('2025-03-10', 'ccc');
    const vlad = habitToday(new Date('2025-03-10T13:30:00Z'), 'Asia/Vladivostok');
    const hnl = habitToday(new Date('2025-03-11T09:30:00Z'), 'Pacific/Honolulu');
    expect(computeStreaks(rule, m, vlad)).toEqual({ currentStreak: 3, currentAntiStreak: 0, bestStreak: 3 });
    expect(computeStreaks(rule, m, hnl)).toEqual({ currentStreak: 3, currentAntiStreak: 0, bestStreak: 3 });
    // Read in UTC the Honolulu instant is already 11 March: the streak holds (open today) but is not extended.
    expect(computeStreaks(rule, m, habitToday(new Date('2025-03-11T09:30:00Z'), 'UTC')).currentStreak).toBe(3);
  });

  it('handles 5 years of history', () => {
    const start = '2020-03-11';
    const days: DayMark[] = [];
    for (let i = 0; i < 1826; i++) {
      const date = addDays(start, i);
      // Complete except every 100th day missed and every 30th skipped; the last 150 days all complete.
      const status = i < 1676 && i % 100 === 99 ? 'miss' : i % 30 === 29 ? 'skip' : 'complete';
      days.push({ date, status });
    }
    const today = addDays(start, 1825);
    const s = computeStreaks({ frequency: 'daily', startDate: start }, days, today);
    // The last miss is day 1599; after it every day is complete except the skips (every 30th).
    const skipsAfter = Array.from({ length: 1825 - 1599 }, (_, k) => 1600 + k).filter((i) => i % 30 === 29).length;
    expect(s.currentStreak).toBe(1825 - 1599 - skipsAfter);
    expect(s.currentAntiStreak).toBe(0);
    expect(s.bestStreak).toBe(s.currentStreak);
  });

  it('uses the earliest marked day as the start when it precedes startDate', () => {
    expect(computeStreaks({ frequency: 'daily', startDate: T }, marks('2025-03-09', 'cc'), T)).toEqual({ currentStreak: 2, currentAntiStreak: 0, bestStreak: 2 });
  });
});
