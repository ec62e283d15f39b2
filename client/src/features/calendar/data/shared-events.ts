import { daysBetween } from '@adhd/shared/time';
import type { EntityRow } from '../../../db/entity-rows';
import { wallClockIn } from '../logic/zones';

/**
 * The shared events functions the screen uses, by their contract names (contract "Pure functions"). A local
 * stand-in until `@adhd/shared/events/index` is on main: it expands single events only (a recurring event shows
 * its first occurrence). On merge this file becomes re-exports of the shared module.
 */

/** A stored event as the screens read it (contract: `EventData & { _id }`). */
export type EventRow = EntityRow<'event'> & { _id: string };

export interface Occurrence {
  /** `${seriesId}::${originalStart}` for an occurrence of a series, else the event id. */
  id: string;
  eventId: string;
  seriesId: string | null;
  originalStart: string | null;
  title: string;
  startDate: string;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  allDay: boolean;
  color: string | null;
  event: EventRow;
}

/** Every occurrence touching [from, to] (inclusive days), with dates and times in `timeZone`. */
export function expandEvents(events: readonly EventRow[], from: string, to: string, timeZone: string): Occurrence[] {
  const out: Occurrence[] = [];
  for (const e of events) {
    if (e.seriesId) continue;
    let { startDate, endDate, startTime, endTime } = e;
    if (!e.allDay && startTime && e.timezone && e.timezone !== timeZone) {
      const s = wallClockIn(startDate, startTime, e.timezone, timeZone);
      const end = wallClockIn(endDate ?? startDate, endTime ?? startTime, e.timezone, timeZone);
      startDate = s.date;
      startTime = s.time;
      endDate = end.date === s.date ? null : end.date;
      endTime = endTime ? end.time : null;
    }
    const last = endDate ?? startDate;
    if (daysBetween(last, from) > 0 || daysBetween(to, startDate) > 0) continue;
    out.push({ id: e._id, eventId: e._id, seriesId: null, originalStart: null, title: e.title, startDate, endDate, startTime, endTime, allDay: e.allDay, color: e.color, event: e });
  }
  return out;
}

/** A task with a due date shown as an all-day (or timed, with its time) task-sourced event. */
export function taskAsEvent(task: { id: string; title: string; dueDate: string | null; time: string | null; completed: boolean; createdAt: string; updatedAt: string }): EventRow | null {
  if (!task.dueDate) return null;
  const date = task.dueDate.slice(0, 10);
  const timed = task.time !== null;
  return {
    _id: `task_${task.id}`,
    id: `task_${task.id}`,
    title: task.title,
    description: '',
    startDate: date,
    endDate: null,
    startTime: timed ? task.time : null,
    endTime: null,
    allDay: !timed,
    timezone: null,
    recurrence: null,
    exdates: [],
    seriesId: null,
    originalStart: null,
    location: '',
    color: null,
    tags: [],
    reminders: [],
    details: { completed: task.completed, taskId: task.id, isTask: true },
    source: 'task',
    sourceId: task.id,
    calendarId: null,
    uid: null,
    readonly: false,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
  };
}

