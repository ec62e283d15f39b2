import { describe, expect, it } from 'vitest';
import { postponeAnchor, postponeTask, shiftDateValue } from './postpone.js';

describe('postponeTask: plain dates', () => {
  it('moves the due date to the target and the start date by the same days (the span is kept)', () => {
    expect(postponeTask({ startDate: '2025-03-01', dueDate: '2025-03-05' }, '2025-03-10', 'UTC')).toEqual({ startDate: '2025-03-06', dueDate: '2025-03-10' });
  });

  it('moves only the due date of a task without a start', () => {
    expect(postponeTask({ startDate: null, dueDate: '2025-02-27' }, '2025-03-02', 'UTC')).toEqual({ dueDate: '2025-03-02' });
  });

  it('moves only the start date of a task without a due date', () => {
    expect(postponeTask({ startDate: '2024-12-30', dueDate: null }, '2025-01-04', 'Europe/Moscow')).toEqual({ startDate: '2025-01-04' });
  });

  it('answers null for a task with no date, and refuses a target that is not a date', () => {
    expect(postponeTask({ startDate: null, dueDate: null }, '2025-01-04', 'UTC')).toBeNull();
    expect(() => postponeTask({ startDate: null, dueDate: '2025-01-01' }, '2025-02-30', 'UTC')).toThrow(RangeError);
  });

  it('crosses a leap day and a year end on whole calendar days', () => {
    expect(postponeTask({ startDate: '2024-02-27', dueDate: '2024-02-28' }, '2024-03-01', 'UTC')).toEqual({ startDate: '2024-02-29', dueDate: '2024-03-01' });
    expect(postponeTask({ startDate: '2025-12-20', dueDate: '2025-12-31' }, '2026-01-02', 'UTC')).toEqual({ startDate: '2025-12-22', dueDate: '2026-01-02' });
  });

  it('can move a task earlier too (a picked date before the due date)', () => {
    expect(postponeTask({ startDate: '2025-03-08', dueDate: '2025-03-10' }, '2025-03-09', 'UTC')).toEqual({ startDate: '2025-03-07', dueDate: '2025-03-09' });
  });
});

describe('postponeTask: date-times in the user zone', () => {
  it('keeps the wall-clock time across the spring-forward change (New York, 2025-03-09)', () => {
    // 09:00 EST (UTC-5) on Mar 7 → 09:00 EDT (UTC-4) on Mar 10.
    const patch = postponeTask({ startDate: null, dueDate: '2025-03-07T14:00:00.000Z' }, '2025-03-10', 'America/New_York');
    expect(patch).toEqual({ dueDate: '2025-03-10T13:00:00.000Z' });
  });

  it('keeps the wall-clock time across the fall-back change (Berlin, 2025-10-26), start and due alike', () => {
    // Start 08:30 CEST (UTC+2) Oct 24, due 18:00 CEST Oct 25 → Oct 27 and 28 in CET (UTC+1).
    const patch = postponeTask({ startDate: '2025-10-24T06:30:00.000Z', dueDate: '2025-10-25T16:00:00.000Z' }, '2025-10-28', 'Europe/Berlin');
    expect(patch).toEqual({ startDate: '2025-10-27T07:30:00.000Z', dueDate: '2025-10-28T17:00:00.000Z' });
  });

  it('reads the anchor day in the user zone, not in UTC (Auckland: the UTC date is the day before)', () => {
    // 2025-06-10T20:00Z is 08:00 on June 11 in Auckland (UTC+12).
    expect(postponeAnchor({ startDate: null, dueDate: '2025-06-10T20:00:00.000Z' }, 'Pacific/Auckland')).toBe('2025-06-11');
    expect(postponeTask({ startDate: null, dueDate: '2025-06-10T20:00:00.000Z' }, '2025-06-12', 'Pacific/Auckland')).toEqual({ dueDate: '2025-06-11T20:00:00.000Z' });
  });

  it('accepts an explicit offset and keeps seconds', () => {
    expect(shiftDateValue('2025-01-15T10:20:30.500+03:00', 2, 'Europe/Moscow')).toBe('2025-01-17T07:20:30.500Z');
    expect(shiftDateValue('2025-01-15T10:20:30+03:00', 0, 'Europe/Moscow')).toBe('2025-01-15T10:20:30+03:00');
  });

  it('mixes a plain start date with a timed due date', () => {
    expect(postponeTask({ startDate: '2025-03-05', dueDate: '2025-03-07T14:00:00.000Z' }, '2025-03-10', 'America/New_York')).toEqual({
      startDate: '2025-03-08',
      dueDate: '2025-03-10T13:00:00.000Z',
    });
  });
});
