import { addDays, calendarDateOf, daysBetween, weekStart } from '../time.js';
import { lastTouchedDay, type Occurrence } from './recurrence.js';
import { LOCAL_SOURCE_FIELDS, TASK_EVENT_PREFIX, type EventRow } from './schema.js';

/** Ranges of the calendar routes and views, and the display form of an occurrence (SPEC section 3). */

/** The longest `by-days` range, in days (two months and change: a month view's visible grid fits). */
export const MAX_RANGE_DAYS = 62;
/** `upcoming` covers today and the next days up to this many days in all. */
export const UPCOMING_DAYS = 7;

export interface DayRange {
  from: string;
  to: string;
}

/** The week holding `date`, starting on `weekStartDay` (0 = Sunday … 6 = Saturday). */
export function weekRange(date: string, weekStartDay: number): DayRange {
  const from = weekStart(date, weekStartDay);
  return { from, to: addDays(from, 6) };
}

/** The calendar month holding `date` (its first to its last day); the visible grid's extra weeks are the client's. */
export function monthRange(date: string): DayRange {
  const [y, m] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const next = m === 12 ? `${String(y + 1).padStart(4, '0')}-01-01` : `${date.slice(0, 4)}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: `${date.slice(0, 7)}-01`, to: addDays(next, -1) };
}

/** Today and the following days, UPCOMING_DAYS in all. */
export const upcomingRange = (today: string): DayRange => ({ from: today, to: addDays(today, UPCOMING_DAYS - 1) });

/** Whether [from, to] is a forward range of at most MAX_RANGE_DAYS days. */
export const isAllowedRange = (from: string, to: string): boolean => from <= to && daysBetween(from, to) < MAX_RANGE_DAYS;

/**
 * Occurrences by day for the days [from, to]: an all-day occurrence on every day from its start to its end
 * inclusive, a timed one on every day it touches (an end at 00:00 does not touch that day). Every day of the range
 * has an entry (empty when nothing happens); each day's list keeps the order of `occs`.
 */
export function occurrencesByDay(occs: readonly Occurrence[], from: string, to: string): Map<string, Occurrence[]> {
  const days = new Map<string, Occurrence[]>();
  for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, []);
  for (const o of occs) {
    const last = lastTouchedDay(o);
    for (let d = o.startDate < from ? from : o.startDate; d <= last && d <= to; d = addDays(d, 1)) days.get(d)?.push(o);
  }
  return days;
}

/** The display form of an occurrence (SPEC section 3). */
export interface EventDisplay {
  id: string;
  title: string;
  startDate: string;
  endDate: string;
  timed: boolean;
  isTask: boolean;
  completed: boolean;
  details: Record<string, unknown>;
}

export const isTaskEvent = (e: Pick<EventRow, 'source'>): boolean => e.source === 'task';

export function toDisplay(occ: Occurrence): EventDisplay {
  const { details } = occ.event;
  return {
    id: occ.id,
    title: occ.title,
    startDate: occ.startDate,
    endDate: occ.endDate,
    timed: !occ.allDay,
    isTask: isTaskEvent(occ.event),
    completed: details.completed === true,
    details,
  };
}

/** The fields of a task that its calendar event shows. */
export interface TaskForCalendar {
  _id: string;
  title: string;
  description?: string;
  dueDate: string | null;
  time?: string | null;
  completed: boolean;
  tags?: string[];
}

/**
 * A task with a due date as an event (`task_<taskId>`, source 'task'): all-day on its due date, or at its time
 * (floating: the viewer's zone). A due date stored as a date-time counts on its date in `timeZone`. Null for a
 * task without a due date. Completing it on the calendar completes the task (`task.update`).
 */
export function taskAsEvent(task: TaskForCalendar, timeZone = 'UTC'): (EventRow & { isTask: true }) | null {
  const date = calendarDateOf(task.dueDate, timeZone);
  if (!date) return null;
  const time = task.time ?? null;
  return {
    _id: `${TASK_EVENT_PREFIX}${task._id}`,
    title: task.title,
    description: task.description ?? '',
    startDate: date,
    endDate: null,
    startTime: time,
    endTime: null,
    allDay: time === null,
    timezone: null,
    recurrence: null,
    exdates: [],
    seriesId: null,
    originalStart: null,
    location: '',
    color: null,
    tags: task.tags ?? [],
    reminders: [],
    details: { completed: task.completed, taskId: task._id },
    ...LOCAL_SOURCE_FIELDS,
    source: 'task',
    sourceId: task._id,
    isTask: true,
  };
}
