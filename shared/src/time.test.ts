import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDateOf,
  daysBetween,
  isIsoDate,
  isIsoDateTime,
  isValidTimeZone,
  minutesOfDayInZone,
  resolveTimeZone,
  todayInZone,
  weekStart,
  weekdayOf,
} from './time.js';

describe('todayInZone', () => {
  it.each([
    ['2025-03-01T23:30:00Z', 'UTC', '2025-03-01'],
    ['2025-03-01T23:30:00Z', 'Europe/Moscow', '2025-03-02'],
    ['2025-03-02T02:00:00Z', 'America/Los_Angeles', '2025-03-01'],
    ['2025-03-09T10:30:00Z', 'America/New_York', '2025-03-09'], // DST starts that morning
    ['2024-12-31T23:59:59Z', 'Pacific/Kiritimati', '2025-01-01'],
    ['2025-01-01T00:00:00Z', 'Pacific/Pago_Pago', '2024-12-31'],
  ])('%s in %s is %s', (iso, tz, expected) => {
    expect(todayInZone(new Date(iso), tz)).toBe(expected);
  });

  it('gives minutes of the local day', () => {
    expect(minutesOfDayInZone(new Date('2025-06-01T06:15:00Z'), 'Europe/Moscow')).toBe(9 * 60 + 15);
    expect(minutesOfDayInZone(new Date('2025-06-01T00:00:00Z'), 'UTC')).toBe(0);
  });
});

describe('time zones', () => {
  it('accepts IANA zones and rejects others', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Base')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
  });
  it('falls back to UTC', () => {
    expect(resolveTimeZone('nope')).toBe('UTC');
    expect(resolveTimeZone(undefined)).toBe('UTC');
    expect(resolveTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });
});

describe('calendar arithmetic', () => {
  it.each([
    ['2025-03-01', '2025-03-01', 0],
    ['2025-03-01', '2025-03-02', 1],
    ['2025-03-02', '2025-03-01', -1],
    ['2024-02-28', '2024-03-01', 2], // leap year
    ['2025-02-28', '2025-03-01', 1],
    ['2025-03-29', '2025-03-31', 2], // across the EU DST change
    ['2024-01-01', '2025-01-01', 366],
  ])('daysBetween(%s, %s) = %i', (a, b, n) => {
    expect(daysBetween(a, b)).toBe(n);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('finds weekdays and week starts', () => {
    expect(weekdayOf('2025-03-02')).toBe(0); // a Sunday
    expect(weekStart('2025-03-05', 0)).toBe('2025-03-02');
    expect(weekStart('2025-03-05', 1)).toBe('2025-03-03');
    expect(weekStart('2025-03-02', 1)).toBe('2025-02-24');
    expect(weekStart('2025-03-08', 6)).toBe('2025-03-08');
  });

  it('throws on a non-date', () => {
    expect(() => daysBetween('2025-02-30', '2025-03-01')).toThrow(RangeError);
  });
});

describe('date validation', () => {
  it('validates calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-1-01')).toBe(false);
    expect(isIsoDate(20250101)).toBe(false);
  });
  it('validates date-times', () => {
    expect(isIsoDateTime('2025-03-05T10:00:00.000Z')).toBe(true);
    expect(isIsoDateTime('2025-03-05T10:00+03:00')).toBe(true);
    expect(isIsoDateTime('2025-03-05T10:00:00')).toBe(false);
    expect(isIsoDateTime('2025-02-30T10:00:00Z')).toBe(false);
  });
  it('maps stored values to calendar dates in a zone', () => {
    expect(calendarDateOf('2025-03-05', 'Asia/Tokyo')).toBe('2025-03-05');
    expect(calendarDateOf('2025-03-05T20:00:00Z', 'Asia/Tokyo')).toBe('2025-03-06');
    expect(calendarDateOf('', 'UTC')).toBeNull();
    expect(calendarDateOf(null, 'UTC')).toBeNull();
  });
});
