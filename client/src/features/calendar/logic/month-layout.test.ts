import type { EventInput } from '@fullcalendar/react';
import { describe, expect, it } from 'vitest';
import { compareEvents, dayNumber, droppedAt, eventsByWeek, gridEventOf, layoutWeek, layoutWeeks, resizedAt, resizedDays, resizeEvent, shiftEvent, timeText, type GridEvent } from './month-layout';

const entry = { kind: 'event', readonly: false, recurring: false } as const;
const ev = (id: string, start: string, end?: string, more: Partial<EventInput> = {}): GridEvent =>
  gridEventOf({ id, title: id, start, end, allDay: !start.includes('T'), editable: true, extendedProps: entry, ...more });
// 2025-03-02 is a Sunday: the row Sun 2 – Sat 8 March.
const SUN = dayNumber('2025-03-02');
const placed = (first: number, events: GridEvent[]) => layoutWeek(first, events).segments.map((s) => [s.ev.id, s.col, s.span, s.lane, s.isStart, s.isEnd]);

describe('the month grid: events as week rows', () => {
  it('copies an input once (the same object for the same input) and reads its days', () => {
    const input: EventInput = { id: 'a', title: 'A', start: '2025-03-05', end: '2025-03-08', allDay: true, extendedProps: entry };
    expect(gridEventOf(input)).toBe(gridEventOf(input));
    expect(gridEventOf(input)).toMatchObject({ first: dayNumber('2025-03-05'), last: dayNumber('2025-03-07'), allDay: true, draggable: true });
    // A timed event ending at midnight does not show on the next day; one ending later does.
    expect(ev('t1', '2025-03-05T22:00:00', '2025-03-06T00:00:00').last).toBe(dayNumber('2025-03-05'));
    expect(ev('t2', '2025-03-05T22:00:00', '2025-03-06T01:00:00').last).toBe(dayNumber('2025-03-06'));
    // A read-only event may be picked up (to be put back); a task or a habit not.
    expect(ev('r', '2025-03-05', undefined, { editable: false, startEditable: true, durationEditable: false }).draggable).toBe(true);
    expect(ev('k', '2025-03-05', undefined, { editable: false }).draggable).toBe(false);
  });

  it('splits an event at the week’s edges: rounded ends only where it really starts and ends', () => {
    const long = ev('long', '2025-03-06', '2025-03-12'); // Thu 6 – Tue 11
    expect(placed(SUN, [long])).toEqual([['long', 4, 3, 0, true, false]]);
    expect(placed(SUN + 7, [long])).toEqual([['long', 0, 3, 0, false, true]]);
    expect(eventsByWeek([long], SUN, 6).map((w) => w.length)).toEqual([1, 1, 0, 0, 0, 0]);
  });

  it('orders a day all-day first, longer first, then by time, and keeps a bar on its line across its days', () => {
    const timed = ev('09:00', '2025-03-04T09:00:00', '2025-03-04T10:00:00');
    const early = ev('07:00', '2025-03-04T07:00:00', '2025-03-04T08:00:00');
    const day = ev('day', '2025-03-04');
    const bar = ev('bar', '2025-03-03', '2025-03-06'); // Mon 3 – Wed 5
    const wed = ev('wed', '2025-03-05');
    expect([timed, early, day, bar].sort(compareEvents).map((e) => e.id)).toEqual(['bar', 'day', '07:00', '09:00']);
    const rows = placed(SUN, [timed, early, day, bar, wed]);
    expect(rows).toEqual([
      ['bar', 1, 3, 0, true, true],
      ['day', 2, 1, 1, true, true],
      ['07:00', 2, 1, 2, true, true],
      ['09:00', 2, 1, 3, true, true],
      ['wed', 3, 1, 1, true, true],
    ]);
    // Monday's line 1 stays free (the bar is on line 0 from Monday to Wednesday).
    expect(layoutWeek(SUN, [bar, wed]).segments.find((s) => s.ev.id === 'wed')!.lane).toBe(1);
    // Timed within a day: a dot; all-day or over several days: a bar.
    expect(layoutWeek(SUN, [timed, day, ev('night', '2025-03-04T22:00:00', '2025-03-05T02:00:00')]).segments.map((s) => [s.ev.id, s.bar])).toEqual([
      ['day', true],
      ['09:00', false],
      ['night', true],
    ]);
  });

  it('shows at most four entries a day, then counts the rest ("+N more"), every entry in the day’s list', () => {
    const many = Array.from({ length: 6 }, (_, i) => ev(`e${i}`, `2025-03-04T${String(8 + i).padStart(2, '0')}:00:00`));
    const week = layoutWeek(SUN, [...many, ev('wed', '2025-03-05')]);
    expect(week.lanes).toBe(4);
    expect(week.hidden).toEqual([0, 0, 2, 0, 0, 0, 0]);
    expect(week.starts[2]!.map((s) => s.ev.id)).toEqual(['e0', 'e1', 'e2', 'e3']);
    expect(week.byDay[2]!.map((s) => s.ev.id)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5']);
    expect(layoutWeek(SUN, many.slice(0, 4)).hidden).toEqual([0, 0, 0, 0, 0, 0, 0]);
    // A bar on a hidden line counts on each of its days.
    const bars = Array.from({ length: 5 }, (_, i) => ev(`b${i}`, '2025-03-02', '2025-03-05'));
    expect(layoutWeek(SUN, bars).hidden).toEqual([1, 1, 1, 0, 0, 0, 0]);
  });

  it('keeps the layout object of a week whose events did not change (its row does not render)', () => {
    const a = ev('a', '2025-03-04');
    const b = ev('b', '2025-03-12');
    const before = layoutWeeks([a, b], SUN, 6, []);
    const same = layoutWeeks([a, b], SUN, 6, before);
    expect(same.map((w, i) => w === before[i])).toEqual([true, true, true, true, true, true]);
    const moved = shiftEvent(a, 1);
    const after = layoutWeeks([moved, b], SUN, 6, before);
    expect(after.map((w, i) => w === before[i])).toEqual([false, true, true, true, true, true]);
    expect(after[0]!.layout.segments[0]).toMatchObject({ col: 3, ev: { start: '2025-03-05', input: a.input } });
  });

  it('shows the time as FullCalendar’s eventTimeFormat did', () => {
    expect(timeText('2025-03-04T09:00:00', '12h')).toBe('9:00am');
    expect(timeText('2025-03-04T12:30:00', '12h')).toBe('12:30pm');
    expect(timeText('2025-03-04T00:15:00', '12h')).toBe('12:15am');
    expect(timeText('2025-03-04T09:00:00', '24h')).toBe('09:00');
    expect(timeText('2025-03-04T18:45:00', '24h')).toBe('18:45');
  });
});

describe('droppedAt: a drop reported as FullCalendar reported it', () => {
  it('moves an all-day event, a multi-day one and an end-less one by whole days (exclusive end kept)', () => {
    expect(droppedAt(ev('a', '2025-03-05', '2025-03-06'), 1, 'Europe/Berlin')).toEqual({ start: '2025-03-06', end: '2025-03-07', allDay: true });
    expect(droppedAt(ev('b', '2025-03-05', '2025-03-08'), -3, 'UTC')).toEqual({ start: '2025-03-02', end: '2025-03-05', allDay: true });
    expect(droppedAt(ev('c', '2025-03-29'), 1, 'Europe/Berlin')).toEqual({ start: '2025-03-30', end: null, allDay: true });
  });

  it('keeps a timed event’s time and duration, with the zone’s offset at the new date', () => {
    // Berlin goes to summer time on 2025-03-30.
    expect(droppedAt(ev('t', '2025-03-29T09:30:00', '2025-03-29T11:00:00'), 1, 'Europe/Berlin')).toEqual({ start: '2025-03-30T09:30:00+02:00', end: '2025-03-30T11:00:00+02:00', allDay: false });
    expect(droppedAt(ev('n', '2025-03-29T23:30:00'), 1, 'Europe/Berlin')).toEqual({ start: '2025-03-30T23:30:00+02:00', end: null, allDay: false });
    expect(droppedAt(ev('m', '2025-03-28T22:00:00', '2025-03-30T01:00:00'), 1, 'Europe/Berlin')).toEqual({ start: '2025-03-29T22:00:00+01:00', end: '2025-03-31T01:00:00+02:00', allDay: false });
    expect(droppedAt(ev('u', '2025-03-04T09:00:00', '2025-03-04T10:00:00'), 2, 'UTC')).toEqual({ start: '2025-03-06T09:00:00Z', end: '2025-03-06T10:00:00Z', allDay: false });
    expect(droppedAt(ev('ny', '2025-03-04T09:00:00', '2025-03-04T10:00:00'), -1, 'America/New_York')).toEqual({ start: '2025-03-03T09:00:00-05:00', end: '2025-03-03T10:00:00-05:00', allDay: false });
  });

  it('resizes all-day events only whose duration is editable, never past the other end', () => {
    const conf = ev('conf', '2025-03-06', '2025-03-11'); // Thu 6 – Mon 10
    expect(conf.resizable).toBe(true);
    // A read-only event, a task or a habit (to-fc.ts), and a timed event: no handles.
    expect(ev('r', '2025-03-05', '2025-03-06', { editable: false, startEditable: true, durationEditable: false }).resizable).toBe(false);
    expect(ev('k', '2025-03-05', '2025-03-06', { editable: false }).resizable).toBe(false);
    expect(ev('t', '2025-03-05T09:00:00', '2025-03-06T10:00:00').resizable).toBe(false);
    const d = dayNumber;
    expect(resizedDays(conf, 'end', d('2025-03-12'))).toEqual({ first: d('2025-03-06'), last: d('2025-03-12') });
    expect(resizedDays(conf, 'start', d('2025-03-04'))).toEqual({ first: d('2025-03-04'), last: d('2025-03-10') });
    expect(resizedDays(conf, 'end', d('2025-03-01'))).toEqual({ first: d('2025-03-06'), last: d('2025-03-06') });
    expect(resizedDays(conf, 'start', d('2025-03-20'))).toEqual({ first: d('2025-03-10'), last: d('2025-03-10') });
    expect(resizedDays(conf, 'end', d('2025-03-10'))).toBeNull();
    expect(resizedAt(d('2025-03-06'), d('2025-03-12'))).toEqual({ start: '2025-03-06', end: '2025-03-13', allDay: true });
    const longer = resizeEvent(conf, d('2025-03-06'), d('2025-03-12'));
    expect(longer).toMatchObject({ start: '2025-03-06', end: '2025-03-13', first: d('2025-03-06'), last: d('2025-03-12'), resizable: true });
    expect(longer.input).toBe(conf.input);
  });
});
