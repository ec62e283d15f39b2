import { isScheduledOn } from '@adhd/shared/habits/schedule';
import { useMemo } from 'react';
import type { AppDatabase } from '../../../db/database';
import type { EntityRow } from '../../../db/entity-rows';
import { liveEntity } from '../../../db/live-entities';
import { useDb } from '../../../db/session';
import { useLive } from '../../../db/use-live';
import type { HabitItem } from '../../habits';
import type { TaskItem } from '../../tasks';
import type { EventRow as SharedEventRow } from '@adhd/shared/events/schema';
import { expandEvents, taskAsEvent, type EventRow, type Occurrence } from './shared-events';

/** The live events of `db` (made on first use: it starts reading the table). */
export const liveEvents = (db: AppDatabase) => liveEntity(db, 'event');

/** A live row under the REST id name the shared functions use (`_id`); one object per row object. */
const asEventRow = new WeakMap<EntityRow<'event'>, EventRow>();
function eventRowOf(row: EntityRow<'event'>): EventRow {
  let e = asEventRow.get(row);
  if (!e) asEventRow.set(row, (e = { ...row, _id: row.id }));
  return e;
}

/** Every live event of the signed-in user, from the local database; undefined until the first read. */
export function useEvents(): EventRow[] | undefined {
  const db = useDb();
  const rows = useLive(db ? liveEvents(db) : null);
  return useMemo(() => rows?.map(eventRowOf), [rows]);
}

/** Task events are made once per task object (an unchanged task keeps its event, so its occurrence keeps its input). */
const taskEvents = new WeakMap<TaskItem, { timeZone: string; event: SharedEventRow | null }>();
function taskEventOf(task: TaskItem, timeZone: string): SharedEventRow | null {
  let hit = taskEvents.get(task);
  if (!hit || hit.timeZone !== timeZone) taskEvents.set(task, (hit = { timeZone, event: taskAsEvent({ ...task, _id: task.id }, timeZone) }));
  return hit.event;
}

/** The tasks with a due date as task-sourced events (contract `taskAsEvent`). */
export function useTaskEvents(tasks: TaskItem[] | undefined, timeZone: string): SharedEventRow[] {
  return useMemo(() => (tasks ?? []).map((t) => taskEventOf(t, timeZone)).filter((e): e is SharedEventRow => e !== null), [tasks, timeZone]);
}

type AnyEventRow = EventRow | SharedEventRow;
/** The last expansion of each series (or single event) with its overrides, by the series' row object. */
const expanded = new WeakMap<AnyEventRow, { key: string; members: AnyEventRow[]; occurrences: Occurrence[] }>();

/**
 * `expandEvents` series by series, each kept while its rows (the series and its overrides) and the range stay: after
 * a drag or a synced edit only the changed series is expanded again, and the others keep their occurrence objects.
 */
export function expandCached(events: readonly AnyEventRow[], from: string, to: string, timeZone: string): Occurrence[] {
  const groups = new Map<string, AnyEventRow[]>();
  for (const e of events) {
    const id = e.seriesId ?? e._id;
    const group = groups.get(id);
    if (group) group.push(e);
    else groups.set(id, [e]);
  }
  const key = `${from}|${to}|${timeZone}`;
  const out: Occurrence[] = [];
  for (const group of groups.values()) {
    const root = group.find((e) => !e.seriesId) ?? group[0]!;
    const hit = expanded.get(root);
    let occurrences = hit && hit.key === key && hit.members.length === group.length && hit.members.every((m, i) => m === group[i]) ? hit.occurrences : null;
    if (!occurrences) expanded.set(root, { key, members: group, occurrences: (occurrences = expandEvents(group, from, to, timeZone)) });
    for (const o of occurrences) out.push(o);
  }
  return out;
}

/** The occurrences of events and task events in the visible days, in the user's zone. */
export function useOccurrences(events: EventRow[] | undefined, taskEvents: SharedEventRow[], from: string, to: string, timeZone: string): Occurrence[] | undefined {
  return useMemo(() => (events ? expandCached([...events, ...taskEvents], from, to, timeZone) : undefined), [events, taskEvents, from, to, timeZone]);
}

/** A habit scheduled today, and whether it is done. */
export interface HabitToday {
  habit: HabitItem;
  done: boolean;
}

/** Today's scheduled, active habits (the day and days views show them with a tick). */
export function habitsDueOn(habits: HabitItem[] | undefined, today: string): HabitToday[] {
  if (!habits) return [];
  return habits
    .filter((h) => h.isActive !== false && isScheduledOn(h, today))
    .map((habit) => ({ habit, done: habit.marks.get(today) === 'complete' }));
}
