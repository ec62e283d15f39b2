import FullCalendar, { CalendarController, type CalendarApi, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { droppedAt, gridEventOf } from '../logic/month-layout';

class ApiHolder extends CalendarController {
  api: CalendarApi | undefined;
  constructor() {
    super(() => undefined);
  }
  override _setApi(api: CalendarApi | undefined) {
    this.api = api;
  }
}

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
