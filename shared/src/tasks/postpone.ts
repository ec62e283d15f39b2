import { instantToWall, wallToInstant } from '../events/zones.js';
import { addDays, calendarDateOf, daysBetween, isIsoDate, isIsoDateTime } from '../time.js';

/**
 * Postpone (SPEC section 2, dashboard): move a task to another day and keep its span. The due date moves to
 * the chosen day and the start date by the same number of days; a task with only one of the two moves that one.
 * A date-time keeps its wall-clock time of day in the user's zone, across DST changes (09:00 stays 09:00).
 * Pure: the caller passes the target day and the zone.
 */

export interface TaskDateFields {
  startDate: string | null;
  dueDate: string | null;
}

/** The day a task is anchored on: its due date's calendar date in `timeZone`, else its start date's. */
export function postponeAnchor(task: TaskDateFields, timeZone: string): string | null {
  return calendarDateOf(task.dueDate, timeZone) ?? calendarDateOf(task.startDate, timeZone);
}

const MINUTE_MS = 60_000;

/** A stored date value (`YYYY-MM-DD` or an ISO date-time) moved by whole days in `timeZone`. */
export function shiftDateValue(value: string, days: number, timeZone: string): string {
  if (isIsoDate(value)) return addDays(value, days);
  if (!isIsoDateTime(value)) throw new RangeError(`Not a date: ${value}`);
  if (days === 0) return value;
  const ms = Date.parse(value);
  const minutes = Math.floor(ms / MINUTE_MS);
  const rest = ms - minutes * MINUTE_MS;
  const wall = instantToWall(minutes, timeZone) + days * 1440;
  return new Date(wallToInstant(wall, timeZone) * MINUTE_MS + rest).toISOString();
}

/**
 * The date fields of `task` moved so that its anchor (due, else start) lands on `target` (`YYYY-MM-DD`); only the
 * fields the task has appear in the answer (the `task.update` patch). Null when the task has no date to move.
 */
export function postponeTask(task: TaskDateFields, target: string, timeZone: string): Partial<TaskDateFields> | null {
  if (!isIsoDate(target)) throw new RangeError(`Not a calendar date: ${target}`);
  const anchor = postponeAnchor(task, timeZone);
  if (!anchor) return null;
  const days = daysBetween(anchor, target);
  const patch: Partial<TaskDateFields> = {};
  if (task.dueDate && calendarDateOf(task.dueDate, timeZone)) patch.dueDate = shiftDateValue(task.dueDate, days, timeZone);
  if (task.startDate && calendarDateOf(task.startDate, timeZone)) patch.startDate = shiftDateValue(task.startDate, days, timeZone);
  return patch;
}
