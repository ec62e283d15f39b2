import { expandEvents, type Occurrence } from '@adhd/shared/events/recurrence';
import { isTaskEvent, taskAsEvent } from '@adhd/shared/events/ranges';
import { withEventDefaults, type Event, type EventData, type EventRow } from '@adhd/shared/events/schema';
import type { TaskData } from '@adhd/shared/tasks/schema';
import { apiJson, toApi } from '../../lib/api-row.js';
import { jsonEach } from '../../lib/json-stream.js';
import { findEntity, listLive, type Db, type ReadRow } from '../sync/repository.js';

/** Reads of events as the API answers them, and the expanded occurrences of the range routes. */

export const getEvent = async (db: Db, userId: string, id: string): Promise<Event | null> => {
  const row = await findEntity(db, userId, 'event', id);
  return row && !row.deleted ? toApi<EventData>(row) : null;
};

export const eventJsons = async (db: Db, userId: string): Promise<Iterable<string>> => jsonEach(await listLive(db, userId, 'event'), (r) => apiJson(r));

type StampedRow = EventRow & Partial<Pick<Event, 'createdAt' | 'updatedAt' | 'version'>>;

const eventRow = (r: ReadRow): StampedRow => ({
  _id: r.id,
  ...withEventDefaults(JSON.parse(r.data) as EventData),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  version: Number(r.version),
});

/** The user's tasks with a due date, as task-sourced events (`task_<id>`). */
function taskEvents(rows: ReadRow[], timeZone: string): EventRow[] {
  const out: EventRow[] = [];
  for (const r of rows) {
    const task = JSON.parse(r.data) as TaskData;
    if (!task.dueDate) continue;
    const e = taskAsEvent({ _id: r.id, ...task }, timeZone);
    if (e) out.push(e);
  }
  return out;
}

/**
 * One occurrence as the range routes answer it (SPEC section 3 display form with the stored fields the client
 * needs): the event's fields with the occurrence's dates and times, `_id` the occurrence id, and `eventId`,
 * `seriesId`, `originalStart`, `timed`, `isTask`, `completed`.
 */
export function occurrenceAnswer(o: Occurrence) {
  const e = o.event as StampedRow;
  return {
    ...e,
    _id: o.id,
    eventId: o.eventId,
    seriesId: o.seriesId,
    originalStart: o.originalStart,
    startDate: o.startDate,
    endDate: o.endDate,
    startTime: o.startTime,
    endTime: o.endTime,
    timed: !o.allDay,
    isTask: isTaskEvent(e),
    completed: e.details.completed === true,
  };
}
export type OccurrenceAnswer = ReturnType<typeof occurrenceAnswer>;

/**
 * The user's occurrences touching [from, to] in `timeZone`: the live events (one read) and the tasks with a due
 * date, expanded in memory.
 */
export async function occurrencesIn(db: Db, userId: string, from: string, to: string, timeZone: string): Promise<OccurrenceAnswer[]> {
  const [events, tasks] = await Promise.all([listLive(db, userId, 'event'), listLive(db, userId, 'task')]);
  const rows = [...events.map(eventRow), ...taskEvents(tasks, timeZone)];
  return expandEvents(rows, from, to, timeZone).map(occurrenceAnswer);
}
