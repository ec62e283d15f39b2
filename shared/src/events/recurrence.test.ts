import { describe, expect, it } from 'vitest';
import { occurrencesByDay, taskAsEvent, toDisplay, weekRange, monthRange } from './ranges.js';
import { expandEvents, type Occurrence } from './recurrence.js';
import { withEventDefaults, type EventData, type EventRow } from './schema.js';

const ev = (id: string, fields: Partial<EventData> & Pick<EventData, 'startDate'>): EventRow => ({ _id: id, ...withEventDefaults({ title: id, ...fields }) });
const starts = (occs: Occurrence[]) => occs.map((o) => (o.allDay ? o.startDate : `${o.startDate} ${o.startTime}`));

describe('DST: wall-clock times stay put in their own zone', () => {
  const weekly = (timezone: string | null) =>
    ev('w', { startDate: '2025-03-03', startTime: '09:00', endTime: '10:00', recurrence: 'FREQ=WEEKLY', timezone });

  it.each([
    ['floating, seen from Berlin', null, 'Europe/Berlin'],
    ['Berlin, seen from Berlin', 'Europe/Berlin', 'Europe/Berlin'],
    ['New York, seen from New York', 'America/New_York', 'America/New_York'],
    ['floating, seen from New York', null, 'America/New_York'],
  ])('a 09:00 weekly meeting stays at 09:00 across the switch (%s)', (_, zone, viewer) => {
    const occs = expandEvents([weekly(zone)], '2025-03-01', '2025-04-10', viewer);
    expect(starts(occs)).toEqual(['2025-03-03 09:00', '2025-03-10 09:00', '2025-03-17 09:00', '2025-03-24 09:00', '2025-03-31 09:00', '2025-04-07 09:00']);
    expect(occs.every((o) => o.endTime === '10:00')).toBe(true);
  });

  it('a New York meeting seen from Berlin moves by the offset difference while only the US has switched (spring)', () => {
    const occs = expandEvents([weekly('America/New_York')], '2025-03-01', '2025-04-10', 'Europe/Berlin');
    // US switches on 9 March, the EU on 30 March: 6 hours apart, then 5, then 6 again.
    expect(starts(occs)).toEqual(['2025-03-03 15:00', '2025-03-10 14:00', '2025-03-17 14:00', '2025-03-24 14:00', '2025-03-31 15:00', '2025-04-07 15:00']);
    expect(occs.map((o) => o.endTime)).toEqual(['16:00', '15:00', '15:00', '15:00', '16:00', '16:00']);
  });

  it('and in autumn (EU on 26 October, US on 2 November)', () => {
    const e = ev('w', { startDate: '2025-10-06', startTime: '09:00', endTime: '10:00', recurrence: 'FREQ=WEEKLY', timezone: 'America/New_York' });
    const occs = expandEvents([e], '2025-10-13', '2025-11-10', 'Europe/Berlin');
    expect(starts(occs)).toEqual(['2025-10-13 15:00', '2025-10-20 15:00', '2025-10-27 14:00', '2025-11-03 15:00', '2025-11-10 15:00']);
  });

  it('a Berlin meeting seen from New York', () => {
    const e = ev('b', { startDate: '2025-03-03', startTime: '09:00', recurrence: 'FREQ=WEEKLY;COUNT=5', timezone: 'Europe/Berlin' });
    expect(starts(expandEvents([e], '2025-03-01', '2025-04-30', 'America/New_York'))).toEqual([
      '2025-03-03 03:00',
      '2025-03-10 04:00',
      '2025-03-17 04:00',
      '2025-03-24 04:00',
      '2025-03-31 03:00',
    ]);
  });

  it('an evening in New York is the next morning in Berlin, and touches the range by that day', () => {
    const e = ev('late', { startDate: '2025-06-30', startTime: '20:00', endTime: '21:30', timezone: 'America/New_York' });
    expect(expandEvents([e], '2025-06-30', '2025-06-30', 'Europe/Berlin')).toEqual([]);
    const [o] = expandEvents([e], '2025-07-01', '2025-07-01', 'Europe/Berlin');
    expect(o).toMatchObject({ id: 'late', startDate: '2025-07-01', startTime: '02:00', endDate: '2025-07-01', endTime: '03:30', seriesId: null, originalStart: null });
  });

  it('a time skipped by the spring-forward change keeps its wall clock in its zone, and is read an hour later elsewhere', () => {
    const e = ev('gap', { startDate: '2025-03-29', startTime: '02:30', recurrence: 'FREQ=DAILY;COUNT=3', timezone: 'Europe/Berlin' });
    expect(starts(expandEvents([e], '2025-03-29', '2025-03-31', 'Europe/Berlin'))).toEqual(['2025-03-29 02:30', '2025-03-30 02:30', '2025-03-31 02:30']);
    // 02:30 does not exist in Berlin on 30 March: it is read as 03:30 CEST, 01:30 UTC.
    expect(starts(expandEvents([e], '2025-03-29', '2025-03-31', 'UTC'))).toEqual(['2025-03-29 01:30', '2025-03-30 01:30', '2025-03-31 00:30']);
  });
});

describe('rules', () => {
  const keys = (recurrence: string, startDate: string, from: string, to: string, extra: Partial<EventData> = {}) =>
    starts(expandEvents([ev('r', { startDate, allDay: true, recurrence, ...extra })], from, to, 'UTC'));

  it.each([
    ['WKST=MO', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=MO', ['2025-01-05', '2025-01-13', '2025-01-19', '2025-01-27', '2025-02-02', '2025-02-10']],
    ['WKST=SU', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU', ['2025-01-05', '2025-01-06', '2025-01-19', '2025-01-20', '2025-02-02', '2025-02-03']],
  ])('week starts decide which weeks a biweekly rule takes (%s)', (_, rule, expected) => {
    expect(keys(rule, '2025-01-05', '2025-01-01', '2025-02-10')).toEqual(expected);
  });

  it.each([
    ['BYMONTHDAY=31 skips short months', 'FREQ=MONTHLY;BYMONTHDAY=31', '2025-01-31', ['2025-01-31', '2025-03-31', '2025-05-31', '2025-07-31', '2025-08-31']],
    ['monthly from the 31st does the same', 'FREQ=MONTHLY', '2025-01-31', ['2025-01-31', '2025-03-31', '2025-05-31', '2025-07-31', '2025-08-31']],
    ['BYMONTHDAY=-1 is the last day', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2025-01-31', ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30', '2025-07-31', '2025-08-31']],
    ['last weekday of the month', 'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2025-01-31', ['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-30', '2025-06-30', '2025-07-31', '2025-08-29']],
  ])('month ends: %s', (_, rule, start, expected) => {
    expect(keys(rule, start, '2025-01-01', '2025-08-31')).toEqual(expected);
  });

  it('a yearly event on 29 February happens in leap years only', () => {
    expect(keys('FREQ=YEARLY', '2024-02-29', '2024-01-01', '2033-12-31')).toEqual(['2024-02-29', '2028-02-29', '2032-02-29']);
  });

  it('UNTIL as a date includes that day; COUNT counts from the first occurrence', () => {
    expect(keys('FREQ=DAILY;UNTIL=20250105', '2025-01-01', '2025-01-01', '2025-01-31')).toHaveLength(5);
    expect(keys('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3', '2025-01-01', '2025-01-01', '2025-12-31')).toEqual(['2025-01-01', '2025-01-06', '2025-01-08']);
    // The window starts after the first occurrences: COUNT still counts them.
    expect(keys('FREQ=DAILY;COUNT=10', '2025-01-01', '2025-01-08', '2025-12-31')).toEqual(['2025-01-08', '2025-01-09', '2025-01-10']);
    expect(keys('FREQ=MONTHLY;COUNT=2', '2025-01-15', '2025-03-01', '2025-12-31')).toEqual([]);
  });

  it('a timed UNTIL in UTC is read in the event zone', () => {
    const e = ev('u', { startDate: '2025-01-01', startTime: '09:00', recurrence: 'FREQ=DAILY;UNTIL=20250103T080000Z', timezone: 'Europe/Berlin' });
    // 08:00Z is 09:00 in Berlin: the third occurrence is the last.
    expect(starts(expandEvents([e], '2025-01-01', '2025-01-10', 'Europe/Berlin'))).toEqual(['2025-01-01 09:00', '2025-01-02 09:00', '2025-01-03 09:00']);
  });

  it('a daily series from years ago answers the window only', () => {
    expect(keys('FREQ=DAILY;INTERVAL=3', '2010-01-01', '2025-06-01', '2025-06-10')).toEqual(['2025-06-02', '2025-06-05', '2025-06-08']);
    expect(keys('FREQ=MONTHLY;BYDAY=2TU', '1990-01-09', '2025-06-01', '2025-07-31')).toEqual(['2025-06-10', '2025-07-08']);
  });
});

describe('exdates and overrides', () => {
  const series = ev('s', { startDate: '2025-05-05', startTime: '10:00', endTime: '11:00', recurrence: 'FREQ=DAILY;COUNT=5', exdates: ['2025-05-06T10:00'] });

  it('removes exdates and replaces overridden occurrences by their override', () => {
    const moved = ev('o', { startDate: '2025-05-07', startTime: '15:00', endTime: '16:00', seriesId: 's', originalStart: '2025-05-07T10:00', title: 'moved' });
    const away = ev('o2', { startDate: '2025-06-01', startTime: '10:00', seriesId: 's', originalStart: '2025-05-08T10:00' });
    const occs = expandEvents([series, moved, away], '2025-05-01', '2025-05-31', 'UTC');
    expect(occs.map((o) => [o.id, o.eventId, o.startTime])).toEqual([
      ['s::2025-05-05T10:00', 's', '10:00'],
      ['s::2025-05-07T10:00', 'o', '15:00'],
      ['s::2025-05-09T10:00', 's', '10:00'],
    ]);
    expect(occs[1]).toMatchObject({ seriesId: 's', originalStart: '2025-05-07T10:00', title: 'moved' });
  });

  it('an all-day series keys its exdates by date', () => {
    const e = ev('a', { startDate: '2025-05-05', allDay: true, recurrence: 'FREQ=DAILY;COUNT=3', exdates: ['2025-05-06'] });
    expect(starts(expandEvents([e], '2025-05-01', '2025-05-31', 'UTC'))).toEqual(['2025-05-05', '2025-05-07']);
  });
});

describe('spans and days', () => {
  it('an all-day event is on every day from its start to its end inclusive', () => {
    const e = ev('trip', { startDate: '2025-05-30', endDate: '2025-06-02', allDay: true });
    const occs = expandEvents([e], '2025-06-01', '2025-06-30', 'Asia/Tokyo');
    expect(occs).toHaveLength(1);
    const days = occurrencesByDay(occs, '2025-05-29', '2025-06-03');
    expect([...days].map(([d, list]) => [d, list.length])).toEqual([
      ['2025-05-29', 0],
      ['2025-05-30', 1],
      ['2025-05-31', 1],
      ['2025-06-01', 1],
      ['2025-06-02', 1],
      ['2025-06-03', 0],
    ]);
    expect(expandEvents([e], '2025-06-03', '2025-06-30', 'UTC')).toEqual([]);
  });

  it('a timed event over midnight is on both days; one ending at 00:00 is not on the next', () => {
    const night = ev('night', { startDate: '2025-05-05', endDate: '2025-05-06', startTime: '22:00', endTime: '02:00' });
    const toMidnight = ev('mid', { startDate: '2025-05-05', endDate: '2025-05-06', startTime: '22:00', endTime: '00:00' });
    const days = occurrencesByDay(expandEvents([night, toMidnight], '2025-05-05', '2025-05-06', 'UTC'), '2025-05-05', '2025-05-06');
    expect(days.get('2025-05-05')!.map((o) => o.id)).toEqual(['mid', 'night']);
    expect(days.get('2025-05-06')!.map((o) => o.id)).toEqual(['night']);
    expect(expandEvents([night, toMidnight], '2025-05-06', '2025-05-06', 'UTC').map((o) => o.id)).toEqual(['night']);
  });

  it('a recurring multi-day event is found by a window that starts in its middle', () => {
    const e = ev('weekend', { startDate: '2025-05-03', endDate: '2025-05-04', allDay: true, recurrence: 'FREQ=WEEKLY' });
    expect(expandEvents([e], '2025-05-11', '2025-05-11', 'UTC').map((o) => [o.startDate, o.endDate])).toEqual([['2025-05-10', '2025-05-11']]);
  });
});

describe('ranges and display', () => {
  it.each([
    [0, '2025-05-04', '2025-05-10'],
    [1, '2025-05-05', '2025-05-11'],
    [6, '2025-05-03', '2025-05-09'],
  ])('the week of 2025-05-07 starting on day %i', (start, from, to) => {
    expect(weekRange('2025-05-07', start)).toEqual({ from, to });
  });

  it('the calendar month', () => {
    expect(monthRange('2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2025-12-31')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('shows a task with a due date as a task event', () => {
    expect(taskAsEvent({ _id: 't1', title: 'Pay', dueDate: null, completed: false })).toBeNull();
    const e = taskAsEvent({ _id: 't1', title: 'Pay', dueDate: '2025-05-05T23:30:00Z', completed: true }, 'Europe/Berlin')!;
    expect(e).toMatchObject({ _id: 'task_t1', source: 'task', isTask: true, startDate: '2025-05-06', allDay: true, details: { completed: true, taskId: 't1' } });
    const [o] = expandEvents([e], '2025-05-06', '2025-05-06', 'Europe/Berlin');
    expect(toDisplay(o!)).toEqual({ id: 'task_t1', title: 'Pay', startDate: '2025-05-06', endDate: '2025-05-06', timed: false, isTask: true, completed: true, details: { completed: true, taskId: 't1' } });
    const timed = taskAsEvent({ _id: 't2', title: 'Call', dueDate: '2025-05-06', time: '14:00', completed: false })!;
    expect(toDisplay(expandEvents([timed], '2025-05-06', '2025-05-06', 'UTC')[0]!)).toMatchObject({ timed: true, isTask: true, completed: false });
  });
});
