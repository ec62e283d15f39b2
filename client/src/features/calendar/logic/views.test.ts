import { describe, expect, it } from 'vitest';
import { anchorFor, clampDays, rangeTitle, stepAnchor, visibleRange } from './views';

describe('calendar views', () => {
  it('shows six whole weeks for a month, from the week start before the 1st', () => {
    expect(visibleRange('month', '2025-03-01', 0, 3)).toEqual({ from: '2025-02-23', to: '2025-04-05' });
    expect(visibleRange('month', '2025-03-01', 1, 3)).toEqual({ from: '2025-02-24', to: '2025-04-06' });
    // A month starting on the week start day begins with its own 1st.
    expect(visibleRange('month', '2025-06-01', 0, 3).from).toBe('2025-06-01');
  });

  it('shows the week by the user’s week start, one day, or n days from the anchor', () => {
    expect(visibleRange('week', '2025-03-05', 0, 3)).toEqual({ from: '2025-03-02', to: '2025-03-08' });
    expect(visibleRange('week', '2025-03-05', 1, 3)).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    expect(visibleRange('day', '2025-03-05', 1, 3)).toEqual({ from: '2025-03-05', to: '2025-03-05' });
    expect(visibleRange('days', '2025-03-30', 1, 4)).toEqual({ from: '2025-03-30', to: '2025-04-02' });
  });

  it('steps a month (from the 1st), a week, a day, or the days shown', () => {
    expect(stepAnchor('month', '2025-01-31', 1, 3)).toBe('2025-02-01');
    expect(stepAnchor('month', '2025-01-01', -1, 3)).toBe('2024-12-01');
    expect(stepAnchor('week', '2025-03-05', -1, 3)).toBe('2025-02-26');
    expect(stepAnchor('day', '2024-02-28', 1, 3)).toBe('2024-02-29');
    expect(stepAnchor('days', '2025-03-05', 1, 5)).toBe('2025-03-10');
  });

  it('anchors a month on its 1st and keeps the date in other views; clamps the day count to 2–7', () => {
    expect(anchorFor('month', '2025-03-17')).toBe('2025-03-01');
    expect(anchorFor('days', '2025-03-17')).toBe('2025-03-17');
    expect([clampDays(1), clampDays(2), clampDays(7), clampDays(9), clampDays(Number('x'))]).toEqual([2, 2, 7, 7, 3]);
  });

  it('titles the range in the UI language', () => {
    expect(rangeTitle('month', '2025-03-01', { from: '2025-02-23', to: '2025-04-05' }, 'en')).toBe('March 2025');
    expect(rangeTitle('month', '2025-03-01', { from: '2025-02-23', to: '2025-04-05' }, 'ru')).toBe('Март 2025 г.');
    expect(rangeTitle('day', '2025-03-05', { from: '2025-03-05', to: '2025-03-05' }, 'en')).toBe('Wednesday, March 5, 2025');
    // Intl puts thin spaces around the dash.
    expect(rangeTitle('week', '2025-03-05', { from: '2025-03-02', to: '2025-03-08' }, 'en').replace(/\s/g, ' ')).toBe('Mar 2 – 8, 2025');
    // Within this year the year is left out (the 375 px toolbar); across a year's end it stays.
    expect(rangeTitle('days', '2025-11-28', { from: '2025-11-28', to: '2025-11-30' }, 'en', '2025-11-27').replace(/\s/g, ' ')).toBe('Nov 28 – 30');
    expect(rangeTitle('days', '2025-11-28', { from: '2025-11-28', to: '2025-11-30' }, 'ru', '2025-11-27').replace(/\s/g, ' ')).toBe('28–30 нояб.');
    expect(rangeTitle('week', '2025-12-29', { from: '2025-12-28', to: '2026-01-03' }, 'en', '2025-12-30').replace(/\s/g, ' ')).toBe('Dec 28, 2025 – Jan 3, 2026');
  });
});
