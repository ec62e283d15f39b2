import type { EventInput } from '@fullcalendar/react';
import { GOOGLE_EVENT_COLOR } from '@adhd/shared/events/schema';
import { addDays } from '@adhd/shared/time';
import { textColorOn } from '../../tags';
import type { HabitToday } from './queries';
import type { Occurrence } from './shared-events';

/** What the calendar's event content needs besides FullCalendar's own fields (`extendedProps`). */
export type EntryProps =
  | { kind: 'event'; occurrence: Occurrence; readonly: boolean; recurring: boolean }
  | { kind: 'task'; occurrence: Occurrence; taskId: string; completed: boolean }
  | { kind: 'habit'; habitId: string; done: boolean; date: string };

const isTask = (o: Occurrence) => o.event.source === 'task';
export const isReadonly = (o: Occurrence) => o.event.readonly || o.event.source === 'google';

function toInput(o: Occurrence): EventInput {
  const start = o.allDay || !o.startTime ? o.startDate : `${o.startDate}T${o.startTime}:00`;
  const end = o.allDay || !o.startTime ? addDays(o.endDate ?? o.startDate, 1) : o.endTime ? `${o.endDate ?? o.startDate}T${o.endTime}:00` : undefined;
  const readonly = isReadonly(o);
  const task = isTask(o);
  // A Google event without its calendar's own colour: Google's blue (SPEC section 3).
  const color = o.color ?? (o.event.source === 'google' ? GOOGLE_EVENT_COLOR : null);
  const props: EntryProps = task
    ? { kind: 'task', occurrence: o, taskId: String(o.event.sourceId ?? o.eventId), completed: o.event.details.completed === true }
    : { kind: 'event', occurrence: o, readonly, recurring: o.seriesId !== null && o.event.seriesId === null };
  return {
    id: o.id,
    title: o.title,
    start,
    end,
    allDay: o.allDay || !o.startTime,
    editable: !readonly && !task,
    // A read-only event may be picked up, only to be put back with the read-only message (use-move-handler.ts):
    // the person learns why it does not move. It offers no resize handle.
    ...(readonly ? { startEditable: true, durationEditable: false } : {}),
    // A task is not one button: its tick and its title are two (an interactive event is role="button").
    interactive: !task,
    // A user's colour gets black or white text, whichever reads (4.5:1 for the title on it).
    ...(color ? { color, contrastColor: textColorOn(color) } : {}),
    className: task ? 'cal-task' : readonly ? 'cal-readonly' : undefined,
    extendedProps: props,
  };
}

/**
 * Occurrences as FullCalendar's event inputs. An input is kept (the same object) while its occurrence's event
 * row object and dates stay: after a drag only the moved event gets a new input, so FullCalendar re-renders it
 * alone. The cache holds the last call's inputs only.
 */
export function createInputCache() {
  let cache = new Map<string, { key: string; event: object; input: EventInput }>();
  return (occurrences: readonly Occurrence[], habits: readonly HabitToday[], today: string | null): EventInput[] => {
    const next = new Map<string, { key: string; event: object; input: EventInput }>();
    const out: EventInput[] = [];
    for (const o of occurrences) {
      const key = `${o.startDate}|${o.endDate}|${o.startTime}|${o.endTime}|${o.allDay}|${o.title}|${o.color}`;
      const hit = cache.get(o.id);
      const entry = hit && hit.event === o.event && hit.key === key ? hit : { key, event: o.event, input: toInput(o) };
      next.set(o.id, entry);
      out.push(entry.input);
    }
    if (today) {
      for (const { habit, done } of habits) {
        const id = `habit::${habit.id}::${today}`;
        const key = `${done}|${habit.title}|${habit.color}`;
        const hit = cache.get(id);
        const props: EntryProps = { kind: 'habit', habitId: habit.id, done, date: today };
        const entry =
          hit && hit.event === habit && hit.key === key
            ? hit
            : { key, event: habit, input: { id, title: habit.title, start: today, allDay: true, editable: false, interactive: false, color: habit.color, contrastColor: textColorOn(habit.color), className: 'cal-habit', extendedProps: props } };
        next.set(id, entry);
        out.push(entry.input);
      }
    }
    cache = next;
    return out;
  };
}
