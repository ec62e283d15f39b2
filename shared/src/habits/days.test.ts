import { describe, expect, it } from 'vitest';
import { canToggleDay, dayDisplayState, nextGridStatus, nextListStatus, toCompletionHistory } from './days.js';

describe('day cycles', () => {
  it.each([
    ['empty', 'complete'],
    ['complete', 'miss'],
    ['miss', 'skip'],
    ['skip', 'empty'],
  ] as const)('list row: %s → %s', (from, to) => expect(nextListStatus(from)).toBe(to));

  it.each([
    ['empty', 'complete'],
    ['skip', 'complete'],
    ['complete', 'miss'],
    ['miss', 'skip'],
  ] as const)('year grid: %s → %s', (from, to) => expect(nextGridStatus(from)).toBe(to));

  it.each([
    ['complete', '2025-03-09', 'completed'],
    ['miss', '2025-03-09', 'missed'],
    ['skip', '2025-03-09', 'skipped'],
    ['empty', '2025-03-09', 'empty'],
    ['empty', '2025-03-10', 'today'],
    ['complete', '2025-03-10', 'completed'],
    ['complete', '2025-03-11', 'future'],
  ] as const)('%s on %s shows as %s (today 2025-03-10)', (status, date, state) => {
    expect(dayDisplayState(status, date, '2025-03-10')).toBe(state);
  });

  it('toggles only scheduled days up to today', () => {
    expect(canToggleDay('2025-03-10', '2025-03-10', true)).toBe(true);
    expect(canToggleDay('2025-03-11', '2025-03-10', true)).toBe(false);
    expect(canToggleDay('2025-03-09', '2025-03-10', false)).toBe(false);
  });

  it('builds completionHistory sorted, without empty days', () => {
    expect(
      toCompletionHistory([
        { date: '2025-03-09', status: 'miss' },
        { date: '2025-03-01', status: 'complete' },
        { date: '2025-03-05', status: 'empty' },
      ]),
    ).toEqual([
      { date: '2025-03-01', status: 'complete', completed: true },
      { date: '2025-03-09', status: 'miss', completed: false },
    ]);
  });
});

describe('habit list orders', async () => {
  const { compareHabits, isPendingToday } = await import('./view.js');
  const h = (id: string, timeOfDay: string, pending: boolean, anti: number, customTime: string | null = null) => ({
    id,
    title: id,
    timeOfDay,
    customTime,
    pending,
    currentAntiStreak: anti,
  });
  const list = [h('eve', 'evening', true, 0), h('any', 'anytime', false, 5), h('cus', 'custom', true, 2, '10:00'), h('mor', 'morning', false, 1)];
  it.each([
    ['timeOfDay', ['any', 'mor', 'cus', 'eve']],
    ['pending', ['cus', 'eve', 'any', 'mor']],
    ['antiStreak', ['any', 'cus', 'mor', 'eve']],
  ] as const)('sorts by %s', (sort, ids) => {
    expect([...list].sort(compareHabits(sort)).map((x) => x.id)).toEqual(ids);
  });

  it('pending today: active, scheduled today, not completed or skipped', () => {
    const daily = { isActive: true, frequency: 'daily' as const, customFrequency: null, startDate: '2025-03-01' };
    expect(isPendingToday(daily, 'empty', '2025-03-10')).toBe(true);
    expect(isPendingToday(daily, 'miss', '2025-03-10')).toBe(true);
    expect(isPendingToday(daily, 'complete', '2025-03-10')).toBe(false);
    expect(isPendingToday(daily, 'skip', '2025-03-10')).toBe(false);
    expect(isPendingToday({ ...daily, isActive: false }, 'empty', '2025-03-10')).toBe(false);
    expect(isPendingToday({ ...daily, frequency: 'custom', customFrequency: { type: 'days', days: [0] } }, 'empty', '2025-03-10')).toBe(false);
  });
});
