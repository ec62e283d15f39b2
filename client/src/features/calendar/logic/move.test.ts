import { describe, expect, it } from 'vitest';
import { moveFields } from './move';

describe('moveFields: a drop as the event’s stored fields', () => {
  it('turns an all-day drop’s exclusive end into the inclusive last day (null for one day)', () => {
    expect(moveFields({ start: '2025-03-05', end: '2025-03-06', allDay: true }, null, 'UTC')).toEqual({ startDate: '2025-03-05', endDate: null, startTime: null, endTime: null, allDay: true });
    expect(moveFields({ start: '2025-03-05', end: '2025-03-08', allDay: true }, null, 'UTC')).toMatchObject({ startDate: '2025-03-05', endDate: '2025-03-07' });
    expect(moveFields({ start: '2025-03-05', end: null, allDay: true }, null, 'UTC').endDate).toBeNull();
  });

  it('keeps a timed drop’s wall clock, gives an end-less drop one hour and crosses midnight', () => {
    expect(moveFields({ start: '2025-03-05T09:30:00', end: '2025-03-05T11:00:00', allDay: false }, null, 'Europe/Berlin')).toEqual({ startDate: '2025-03-05', endDate: null, startTime: '09:30', endTime: '11:00', allDay: false });
    expect(moveFields({ start: '2025-03-05T23:30:00+01:00', end: null, allDay: false }, null, 'Europe/Berlin')).toEqual({ startDate: '2025-03-05', endDate: '2025-03-06', startTime: '23:30', endTime: '00:30', allDay: false });
  });

  it('writes an event kept in another zone in that zone', () => {
    // 15:00 in Berlin (UTC+1 in March before the change) is 09:00 in New York (UTC-5 until March 9, 2025).
    expect(moveFields({ start: '2025-03-05T15:00:00', end: '2025-03-05T16:00:00', allDay: false }, 'America/New_York', 'Europe/Berlin')).toMatchObject({ startDate: '2025-03-05', startTime: '09:00', endTime: '10:00' });
  });
});
