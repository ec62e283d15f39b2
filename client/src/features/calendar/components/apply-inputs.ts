import type { EventInput } from '@fullcalendar/react';
import type { EntryProps } from '../data/to-fc';

export const SOURCE_ID = 'local';
/** Up to this many changed inputs are applied one by one; more replace the source. */
const FEW = 40;

/** The part of FullCalendar's API (`CalendarApi`) the events go through. */
export interface EventsApi {
  getEventSourceById(id: string): { remove(): void } | null;
  addEventSource(source: { id: string; events: EventInput[] }): unknown;
  getEventById(id: string): { allDay: boolean; startStr: string; endStr: string; remove(): void } | null;
  addEvent(input: EventInput, sourceId: string): unknown;
}

/** What an input shows besides its dates: an input that differs here is drawn again. */
function lookOf(input: EventInput): string {
  const e = input.extendedProps as EntryProps;
  const entry = e.kind === 'event' ? `${e.readonly}|${e.recurring}` : e.kind === 'task' ? `${e.taskId}|${e.completed}` : `${e.habitId}|${e.done}|${e.date}`;
  return `${input.title}|${String(input.color)}|${String(input.className)}|${input.editable}|${input.interactive}|${input.allDay}|${e.kind}|${entry}`;
}

/** `YYYY-MM-DD` of an all-day date, `YYYY-MM-DDTHH:mm` (wall clock) of a timed one, '' for none. */
const wall = (date: unknown, allDay: boolean) => (typeof date === 'string' ? date.slice(0, allDay ? 10 : 16) : '');

/**
 * Whether FullCalendar already shows `next` as it is: the same look as `prev` and the event where `next` puts it.
 * That is the echo of a drag or resize (FullCalendar moved the event itself; the local write comes back as a
 * changed input), which then costs no re-render of the calendar.
 */
function alreadyShown(api: EventsApi, id: string, prev: EventInput, next: EventInput): boolean {
  if (lookOf(prev) !== lookOf(next)) return false;
  const event = api.getEventById(id);
  if (!event || event.allDay !== next.allDay) return false;
  const allDay = next.allDay === true;
  return wall(event.startStr, allDay) === wall(next.start, allDay) && wall(event.endStr || undefined, allDay) === wall(next.end, allDay);
}

/**
 * Brings FullCalendar's events from `prev` (what it was given last, by id) to `inputs`. A change of a few inputs (a
 * drag, a tick, a synced edit: the input cache keeps the other objects) removes and adds those alone, and skips
 * those FullCalendar already shows so; a new range replaces the whole source in one parse. Returns what is shown.
 */
export function applyInputs(api: EventsApi, prev: Map<string, EventInput>, inputs: EventInput[]): Map<string, EventInput> {
  const next = new Map(inputs.map((input) => [String(input.id), input]));
  let changed = 0;
  for (const [id, input] of next) if (prev.get(id) !== input) changed++;
  for (const id of prev.keys()) if (!next.has(id)) changed++;
  if (changed === 0) return prev;
  const source = api.getEventSourceById(SOURCE_ID);
  if (!source || changed > FEW) {
    source?.remove();
    api.addEventSource({ id: SOURCE_ID, events: inputs });
    return next;
  }
  const replaced = new Set<string>();
  for (const [id, input] of next) {
    const old = prev.get(id);
    if (old !== input && !(old && alreadyShown(api, id, old, input))) replaced.add(id);
  }
  for (const id of prev.keys()) if (!next.has(id) || replaced.has(id)) api.getEventById(id)?.remove();
  for (const id of replaced) api.addEvent(next.get(id)!, SOURCE_ID);
  return next;
}
