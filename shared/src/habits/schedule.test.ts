import { describe, expect, it } from 'vitest';
import { habitToday, isScheduledOn, isTimeYet, isTimeYetAt, timeOfDayMinutes, weekdayOfDay, dayNumber } from './schedule.js';

const daily = { frequency: 'daily' };
const weekdays = (days: number[]) => ({ frequency: 'custom', customFrequency: { type: 'days', days } });
const every = (interval: number, startDate: string) => ({ frequency: 'custom', customFrequency: { type: 'interval', interval }, startDate });

describe('scheduling', () => {
  it.each([
    ['daily, any day', daily, '2025-03-05', true],
    ['daily, leap day', daily, '2024-02-29', true],
    ['days: Sunday is 0', weekdays([0]), '2025-03-02', true],
    ['days: Monday not in [0]', weekdays([0]), '2025-03-03', false],
    ['days: Saturday is 6', weekdays([6]), '2025-03-08', true],
    ['days: Mon/Wed/Fri on Wednesday', weekdays([1, 3, 5]), '2025-03-05', true],
    ['days: Mon/Wed/Fri on Thursday', weekdays([1, 3, 5]), '2025-03-06', false],
    ['days: empty list never', weekdays([]), '2025-03-06', false],
    ['interval 1 on its start', every(1, '2025-03-01'), '2025-03-01', true],
    ['interval 3, day 3', every(3, '2025-03-01'), '2025-03-04', true],
    ['interval 3, day 4', every(3, '2025-03-01'), '2025-03-05', false],
    ['interval 3, before start', every(3, '2025-03-10'), '2025-03-07', false],
    ['interval 2 across a leap day', every(2, '2024-02-27'), '2024-02-29', true],
    ['interval 2 after a leap day', every(2, '2024-02-27'), '2024-03-02', true],
    ['interval 2, odd day after a leap day', every(2, '2024-02-27'), '2024-03-01', false],
    ['interval 7 across the US DST change', every(7, '2025-03-02'), '2025-03-09', true],
    ['interval 365 a year on', every(365, '2023-01-01'), '2024-01-01', true],
    ['interval 0 is invalid, never', every(0, '2025-03-01'), '2025-03-01', false],
    ['interval 366 is invalid, never', every(366, '2025-03-01'), '2025-03-01', false],
    ['interval without a start', { frequency: 'custom', customFrequency: { type: 'interval', interval: 2 } }, '2025-03-01', false],
    ['weekly is not scheduled', { frequency: 'weekly' }, '2025-03-05', false],
    ['monthly is not scheduled', { frequency: 'monthly' }, '2025-03-01', false],
    ['custom without a rule', { frequency: 'custom', customFrequency: null }, '2025-03-01', false],
    ['not a date', daily, '2025-3-1', false],
  ])('%s', (_label, rule, date, expected) => {
    expect(isScheduledOn(rule, date)).toBe(expected);
  });

  it('knows the weekday of whole-day numbers on both sides of 1970 (week starts do not matter)', () => {
    expect(weekdayOfDay(dayNumber('1970-01-01'))).toBe(4);
    expect(weekdayOfDay(dayNumber('1969-12-28'))).toBe(0);
    expect(weekdayOfDay(dayNumber('2025-03-09'))).toBe(0);
    expect(weekdayOfDay(dayNumber('2025-03-10'))).toBe(1);
  });
});

describe('time of day', () => {
  it.each([
    ['anytime', null, 0],
    ['morning', null, 480],
    ['afternoon', null, 720],
    ['evening', null, 1080],
    ['custom', '07:45', 465],
    ['custom', null, 0],
  ])('%s %s sorts at minute %d', (timeOfDay, customTime, minutes) => {
    expect(timeOfDayMinutes({ timeOfDay, customTime })).toBe(minutes);
  });

  it.each([
    ['anytime', null, 0, true],
    ['morning', null, 539, false],
    ['morning', null, 540, true],
    ['afternoon', null, 719, false],
    ['afternoon', null, 720, true],
    ['evening', null, 1079, false],
    ['evening', null, 1080, true],
    ['custom', '07:30', 449, false],
    ['custom', '07:30', 450, true],
  ])('"time yet" for %s %s at minute %d is %s', (timeOfDay, customTime, minute, expected) => {
    expect(isTimeYetAt({ timeOfDay, customTime }, minute)).toBe(expected);
  });

  it('reads the minute in the user zone, across a DST change', () => {
    // 2025-03-09 is the US spring-forward day: 13:30 UTC is 09:30 EDT (it would be 08:30 EST).
    const now = new Date('2025-03-09T13:30:00Z');
    expect(isTimeYet({ timeOfDay: 'morning' }, now, 'America/New_York')).toBe(true);
    expect(isTimeYet({ timeOfDay: 'morning' }, new Date('2025-03-08T13:30:00Z'), 'America/New_York')).toBe(false);
  });
});

describe('today in the user zone', () => {
  it('puts 23:30 in Vladivostok and in Honolulu on the local date', () => {
    // 23:30 on 10 March in Vladivostok (UTC+10) is 13:30 UTC the same day.
    expect(habitToday(new Date('2025-03-10T13:30:00Z'), 'Asia/Vladivostok')).toBe('2025-03-10');
    // 23:30 on 10 March in Honolulu (UTC-10) is already 09:30 UTC on 11 March.
    expect(habitToday(new Date('2025-03-11T09:30:00Z'), 'Pacific/Honolulu')).toBe('2025-03-10');
    expect(habitToday(new Date('2025-03-11T09:30:00Z'), 'UTC')).toBe('2025-03-11');
  });
});

describe('dayNumber', () => {
  it('matches Date.UTC for every day from 1899 to 2101 and refuses impossible dates', () => {
    for (let t = Date.UTC(1899, 0, 1); t <= Date.UTC(2101, 11, 31); t += 86_400_000) {
      const date = new Date(t).toISOString().slice(0, 10);
      expect(dayNumber(date)).toBe(t / 86_400_000);
    }
    for (const bad of ['2025-02-29', '2024-02-30', '2025-13-01', '2025-00-10', '2025-04-31', '2025-1-01', '2025/01/01', 'abcd-ef-gh', '']) {
      expect(dayNumber(bad)).toBeNaN();
    }
    expect(dayNumber('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
    expect(dayNumber('2000-02-29')).toBe(Date.UTC(2000, 1, 29) / 86_400_000);
    expect(dayNumber('1900-02-29')).toBeNaN();
  });
});
