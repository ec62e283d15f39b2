import { isScheduledOn } from '@adhd/shared/habits/schedule';
import { useEffect, useMemo } from 'react';
import type { AppDatabase } from '../../../db/database';
import type { EntityRow } from '../../../db/entity-rows';
import { liveEntity } from '../../../db/live-entities';
import { useDb } from '../../../db/session';
import { useLive } from '../../../db/use-live';
import { whenIdle } from '../../../lib/idle';
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
/** Ranges kept per series: the shown one, the ones next to it (expanded ahead, see `expandAhead`) and one more. */
const RANGES_KEPT = 4;
/** The last expansions of each series (or single event) with its overrides, by the series' row object and range. */
const expanded = new WeakMap<AnyEventRow, { members: AnyEventRow[]; byRange: Map<string, Occurrence[]> }>();

/**
 * `expandEvents` series by series, each kept while its rows (the series and its overrides) stay, for the last few
 * ranges: after a drag or a synced edit only the changed series is expanded again, the others keep their occurrence
 * objects, and a range expanded ahead (the next or previous month) costs no expansion when it is shown.
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
    let hit = expanded.get(root);
    if (!hit || hit.members.length !== group.length || !hit.members.every((m, i) => m === group[i])) expanded.set(root, (hit = { members: group, byRange: new Map() }));
    let occurrences = hit.byRange.get(key);
    if (!occurrences) {
      if (hit.byRange.size >= RANGES_KEPT) hit.byRange.delete(hit.byRange.keys().next().value!);
      hit.byRange.set(key, (occurrences = expandEvents(group, from, to, timeZone)));
    }
    for (const o of occurrences) out.push(o);
  }
  return out;
}

/**
 * Expands `ranges` (the ranges next to the shown one) when the browser is idle, so that a step to one of them finds
 * its occurrences in `expandCached`. Returns the cancel function (for an effect's clean-up).
 */
export function expandAhead(events: readonly AnyEventRow[] | undefined, ranges: readonly { from: string; to: string }[], timeZone: string): () => void {
  if (!events) return () => undefined;
  return whenIdle(
    () => {
      for (const r of ranges) expandCached(events, r.from, r.to, timeZone);
    },
    1000,
    50,
  );
}

/** The occurrences of events and task events in the visible days (`range`), in the user's zone. */
export function useOccurrences(
  events: EventRow[] | undefined,
  taskEvents: SharedEventRow[],
  range: { from: string; to: string },
  ahead: readonly { from: string; to: string }[],
  timeZone: string,
): Occurrence[] | undefined {
  const all = useMemo(() => (events ? [...events, ...taskEvents] : undefined), [events, taskEvents]);
  // `ahead`: the ranges a step shows (next and previous), expanded when the browser is idle.
  useEffect(() => expandAhead(all, ahead, timeZone), [all, ahead, timeZone]);
  return useMemo(() => (all ? expandCached(all, range.from, range.to, timeZone) : undefined), [all, range.from, range.to, timeZone]);
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
