import { describe, expect, it } from 'vitest';
import { changedFields, defaultValues, isDirty, toFields, validate, valuesFromEvent, withAllDay, withStart } from './form';
import type { EventItem } from './types';

const event = (patch: Partial<EventItem> = {}): EventItem => ({
  id: 'e1',
  title: 'Standup',
  description: '',
  startDate: '2025-03-03',
  endDate: null,
  startTime: '09:00',
  endTime: '09:30',
  allDay: false,
  timezone: null,
  recurrence: null,
  exdates: [],
  seriesId: null,
  originalStart: null,
  location: '',
  color: null,
  tags: [],
  reminders: [],
  source: 'local',
  readonly: false,
  ...patch,
});

describe('the event form', () => {
  it('starts a new event at the calendar’s slot, an hour long, or at 09:00 on a clicked day', () => {
    expect(defaultValues({ startDate: '2025-03-05', startTime: '14:00', allDay: false })).toMatchObject({ startDate: '2025-03-05', startTime: '14:00', endDate: '2025-03-05', endTime: '15:00' });
    expect(defaultValues({ startDate: '2025-03-05', allDay: false })).toMatchObject({ startTime: '09:00', endTime: '10:00' });
    expect(defaultValues({ startDate: '2025-03-05', startTime: '23:30', endTime: '00:30', allDay: false })).toMatchObject({ endDate: '2025-03-06', endTime: '00:30' });
    expect(toFields(defaultValues({ startDate: '2025-03-05', allDay: true }))).toMatchObject({ allDay: true, endDate: null, startTime: null, endTime: null });
  });

  it('moves the end with the start, keeping the duration (timed across midnight, all-day in days)', () => {
    const timed = defaultValues({ startDate: '2025-03-05', startTime: '22:00', endTime: '23:30', allDay: false });
    expect(withStart(timed, { startTime: '23:00' })).toMatchObject({ endDate: '2025-03-06', endTime: '00:30' });
    expect(withStart(timed, { startDate: '2025-03-10' })).toMatchObject({ endDate: '2025-03-10', endTime: '23:30' });
    const allDay = { ...defaultValues({ startDate: '2025-03-05', allDay: true }), endDate: '2025-03-07' };
    expect(withStart(allDay, { startDate: '2025-03-30' })).toMatchObject({ endDate: '2025-04-01' });
  });

  it('shows an occurrence of a series at its own start with the series’ duration', () => {
    const series = event({ recurrence: 'FREQ=DAILY', startTime: '23:00', endTime: '01:00', endDate: '2025-03-04' });
    expect(valuesFromEvent(series, '2025-03-10T23:00')).toMatchObject({ startDate: '2025-03-10', startTime: '23:00', endDate: '2025-03-11', endTime: '01:00' });
    const trip = event({ allDay: true, startTime: null, endTime: null, startDate: '2025-03-01', endDate: '2025-03-03', recurrence: 'FREQ=MONTHLY' });
    expect(valuesFromEvent(trip, '2025-04-01')).toMatchObject({ startDate: '2025-04-01', endDate: '2025-04-03' });
  });

  it('needs a title and an end that is not before the start', () => {
    const values = valuesFromEvent(event());
    expect(validate({ ...values, title: '   ' })).toEqual({ title: 'titleRequired' });
    expect(validate({ ...values, endTime: '08:00' })).toEqual({ end: 'endBeforeStart' });
    expect(validate({ ...values, endTime: '09:00' })).toEqual({});
    expect(validate({ ...values, startTime: '' })).toEqual({ start: 'startTimeRequired' });
    expect(validate({ ...values, endTime: '' })).toEqual({ end: 'endTimeRequired' });
    expect(validate({ ...values, allDay: true, endDate: '2025-03-02' })).toEqual({ end: 'endBeforeStart' });
    expect(validate({ ...values, startDate: '' })).toEqual({ start: 'startDateRequired' });
  });

  it('sends only the changed fields, with the stored forms (trimmed title, null same-day end, no times all day)', () => {
    const initial = valuesFromEvent(event());
    expect(changedFields(initial, initial)).toEqual({});
    expect(changedFields(initial, { ...initial, title: ' Daily standup ', location: 'Room 4' })).toEqual({ title: 'Daily standup', location: 'Room 4' });
    expect(changedFields(initial, withAllDay(initial, true))).toEqual({ allDay: true, startTime: null, endTime: null });
    expect(isDirty(initial, { ...initial, reminders: [10] })).toBe(true);
  });

  it('turns a timed event all-day and back, keeping its times', () => {
    const initial = valuesFromEvent(event());
    expect(withAllDay(withAllDay(initial, true), false)).toEqual(initial);
    expect(withAllDay({ ...initial, allDay: true, startTime: '', endTime: '' }, false)).toMatchObject({ startTime: '09:00', endTime: '10:00' });
  });
});
