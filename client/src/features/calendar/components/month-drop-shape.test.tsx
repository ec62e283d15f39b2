import FullCalendar, { type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiHolder } from './calendar-view';
import { droppedAt, gridEventOf, resizedAt, resizedDays } from '../logic/month-layout';


const entry = { kind: 'event', readonly: false, recurring: false } as const;
const INPUTS: EventInput[] = [
  { id: 'one-day', title: 'a', start: '2025-03-05', end: '2025-03-06', allDay: true },
  { id: 'three-days', title: 'b', start: '2025-03-05', end: '2025-03-08', allDay: true },
  { id: 'no-end', title: 'c', start: '2025-03-29', allDay: true },
  { id: 'timed', title: 'd', start: '2025-03-29T09:30:00', end: '2025-03-29T11:00:00', allDay: false },
  { id: 'timed-no-end', title: 'e', start: '2025-03-29T23:30:00', allDay: false },
  { id: 'overnight', title: 'f', start: '2025-03-28T22:00:00', end: '2025-03-30T01:00:00', allDay: false },
].map((i) => ({ ...i, extendedProps: entry }));

/**
 * The month grid reports a drop as FullCalendar's eventDrop did (`startStr`, `endStr || null`, `allDay`): pinned
 * against FullCalendar itself, which still draws the time grids (a change of its shape shows up here).
 */
describe('droppedAt has FullCalendar’s shape', () => {
  for (const zone of ['Europe/Berlin', 'UTC', 'Europe/London', 'America/New_York']) {
    it(`in ${zone}, for all-day, multi-day and timed events moved by a day or two`, () => {
      const holder = new ApiHolder();
      render(<FullCalendar controller={holder} plugins={[dayGridPlugin]} timeZone={zone} initialDate="2025-03-28" events={INPUTS} />);
      for (const days of [1, -2]) {
        for (const input of INPUTS) {
          const fc = holder.api!.getEventById(String(input.id))!;
          fc.setDates(String(input.start), input.end ? String(input.end) : null, { allDay: input.allDay });
          fc.moveDates({ days });
          expect(droppedAt(gridEventOf(input), days, zone), `${input.id} by ${days} in ${zone}`).toEqual({ start: fc.startStr, end: fc.endStr || null, allDay: fc.allDay });
        }
      }
    });
  }
});

/**
 * A resize of an all-day bar is reported as FullCalendar's eventResize did: its handle moved the start (`startDelta`,
 * `moveStart`) or the end (`endDelta`, `moveEnd`) by whole days; an event without an end gets one.
 */
describe('resizedAt has FullCalendar’s shape', () => {
  const ALL_DAY = INPUTS.filter((i) => i.allDay);
  for (const zone of ['Europe/Berlin', 'America/New_York']) {
    it(`in ${zone}, for the start and end handles of one-day, multi-day and end-less all-day events`, () => {
      const holder = new ApiHolder();
      render(<FullCalendar controller={holder} plugins={[dayGridPlugin]} timeZone={zone} initialDate="2025-03-28" events={ALL_DAY} />);
      for (const [edge, days] of [['end', 2], ['end', -1], ['start', -3], ['start', 1]] as const) {
        for (const input of ALL_DAY) {
          const ev = gridEventOf(input);
          const moved = resizedDays(ev, edge, (edge === 'start' ? ev.first : ev.last) + days);
          if (!moved || moved.last - moved.first !== ev.last - ev.first + (edge === 'end' ? days : -days)) continue; // clamped: FullCalendar refuses it
          const fc = holder.api!.getEventById(String(input.id))!;
          fc.setDates(String(input.start), input.end ? String(input.end) : null, { allDay: true });
          if (edge === 'start') fc.moveStart({ days });
          else fc.moveEnd({ days });
          expect(resizedAt(moved.first, moved.last), `${input.id} ${edge} by ${days} in ${zone}`).toEqual({ start: fc.startStr, end: fc.endStr || null, allDay: fc.allDay });
        }
      }
    });
  }
});
