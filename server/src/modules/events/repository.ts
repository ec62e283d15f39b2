import type { Occurrence } from '@adhd/shared/events/recurrence';
import { isTaskEvent, taskAsEvent } from '@adhd/shared/events/ranges';
import type { Event, EventData, EventRow } from '@adhd/shared/events/schema';
import type { TaskData } from '@adhd/shared/tasks/schema';
import { apiJson, toApi } from '../../lib/api-row.js';
import { jsonEach } from '../../lib/json-stream.js';
import { findEntity, listLive, type Db, type ReadRow } from '../sync/repository.js';
import { readSeq } from '../sync/sync-state.js';
import { AnswerCache } from './answer-cache.js';
import { parsedEventsOf } from './parsed-events.js';
import { SeriesExpansions } from './series-expansions.js';
import { answerBuffer } from '../../lib/answer-buffer.js';

/** Reads of events as the API answers them, and the expanded occurrences of the range routes. */

export const getEvent = async (db: Db, userId: string, id: string): Promise<Event | null> => {
  const row = await findEntity(db, userId, 'event', id);
  return row && !row.deleted ? toApi<EventData>(row) : null;
};

export const eventJsons = async (db: Db, userId: string): Promise<Iterable<string>> => jsonEach(await listLive(db, userId, 'event'), (r) => apiJson(r));

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

/** The fields that differ from one occurrence to the next; the rest of an event's JSON is written once per event. */
const PER_OCCURRENCE = new Set(['_id', 'isTask', 'seriesId', 'originalStart', 'startDate', 'endDate', 'startTime', 'endTime']);

/** sharedJson of the cached (parsed-events.ts) event objects, computed once per object. */
const sharedJsons = new WeakMap<EventRow, string>();

/** An event's fields but the per-occurrence ones, as the inside of a JSON object (`"title":…,"tags":[…]`). */
function sharedJson(e: EventRow): string {
  let json = sharedJsons.get(e);
  if (json !== undefined) return json;
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) if (!PER_OCCURRENCE.has(k)) rest[k] = v;
  json = JSON.stringify(rest).slice(1, -1);
  sharedJsons.set(e, json);
  return json;
}

const str = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));
/** A date, time or occurrence key (digits, `-`, `:`, `T`, checked by the schema or computed): no escaping needed. */
const plain = (v: string | null) => (v === null ? 'null' : `"${v}"`);

/**
 * One occurrence as the range routes answer it (SPEC section 3 display form with the stored fields the client
 * needs): `{ _id: occurrence id, eventId, seriesId, originalStart, startDate, endDate, startTime, endTime, timed,
 * isTask, completed, ...the event's other fields }`, dates and times in the viewer's zone. Built as JSON text, the
 * event's own fields serialised once however many occurrences it has (`shared`).
 */
export function occurrenceJson(o: Occurrence, shared: string): string {
  return `${occurrenceHead(o)}${shared}}`;
}

/** The expansions of the range routes (series-expansions.ts); its keys are event objects, so one serves every app. */
const seriesExpansions = new SeriesExpansions();

/** An occurrence's JSON up to its event's shared fields (`{"_id":…,"completed":false,`), as text. */
function occurrenceHead(o: Occurrence): string {
  const e = o.event;
  return (
    `{"_id":${str(o.id)},"eventId":${str(o.eventId)},"seriesId":${str(o.seriesId)},"originalStart":${plain(o.originalStart)},` +
    `"startDate":${plain(o.startDate)},"endDate":${plain(o.endDate)},"startTime":${plain(o.startTime)},"endTime":${plain(o.endTime)},` +
    `"timed":${!o.allDay},"isTask":${isTaskEvent(e)},"completed":${e.details.completed === true},`
  );
}

/** `sharedJson}` of an event as UTF-8, encoded once per (cached) event object. */
const sharedTails = new WeakMap<EventRow, Uint8Array>();
function sharedTail(e: EventRow): Uint8Array {
  let tail = sharedTails.get(e);
  if (!tail) sharedTails.set(e, (tail = Buffer.from(`${sharedJson(e)}}`)));
  return tail;
}

/** What a buffer answer copies of one occurrence, kept on the occurrence object. */
interface OccurrenceBytes {
  /** occurrenceHead as UTF-8. */
  head: Uint8Array;
  /** Its event's sharedTail. */
  tail: Uint8Array;
}

/**
 * An occurrence's bytes: encoded once per occurrence object and kept on it (the objects are this module's:
 * series-expansions.ts keeps a series' occurrences across requests, and an event object, one per row version,
 * never changes), so an answer after a write only copies bytes for what did not change.
 */
function occurrenceBytes(o: Occurrence): OccurrenceBytes {
  return ((o as Occurrence & { bytes?: OccurrenceBytes }).bytes ??= { head: Buffer.from(occurrenceHead(o)), tail: sharedTail(o.event) });
}

/** The parsed answer of one occurrence (occurrenceJson), for typed callers. */
export type OccurrenceAnswer = Omit<Event, '_id'> & {
  _id: string;
  eventId: string;
  timed: boolean;
  isTask: boolean;
  completed: boolean;
};

/**
 * The user's occurrences touching [from, to] in `timeZone` (the live events and the tasks with a due date,
 * expanded in memory, in start order), as the range routes answer them: one UTF-8 buffer of the JSON array, each
 * occurrence's head written into it and its event's shared fields copied in as bytes encoded once per event, so
 * no string of the whole answer (nor of each occurrence) is built. When the answer would pass `maxBytes`, its
 * items as JSON texts instead, to stream. With `answers`, a buffer answer is kept at the user's version counter
 * and answered again while the counter stays (answer-cache.ts).
 */
export async function occurrencesAnswer(
  db: Db,
  userId: string,
  range: { from: string; to: string },
  timeZone: string,
  maxBytes: number,
  answers?: AnswerCache,
): Promise<Buffer | string[]> {
  // The counter is read before any row: rows read after it are at least as new as the answer it keys.
  const { seq } = await readSeq(db, userId);
  const key = answers ? AnswerCache.key(userId, range, timeZone) : '';
  const held = answers?.get(key, seq);
  if (held) return held;
  const [events, tasks] = await Promise.all([parsedEventsOf(db).current(db, userId, seq), listLive(db, userId, 'task')]);
  const fromTasks = taskEvents(tasks, timeZone);
  const all = fromTasks.length ? (events as EventRow[]).concat(fromTasks) : (events as EventRow[]);
  const occurrences = seriesExpansions.expand(all, range.from, range.to, timeZone);
  let size = occurrences.length + 1; // [ ] and the commas
  for (const o of occurrences) {
    const p = occurrenceBytes(o);
    size += p.head.length + p.tail.length;
  }
  if (size > maxBytes) return occurrences.map((o) => occurrenceJson(o, sharedJson(o.event)));
  const buf = answerBuffer(Math.max(size, 2));
  buf[0] = 0x5b; // [
  let off = 1;
  for (let i = 0; i < occurrences.length; i++) {
    const { head, tail } = occurrenceBytes(occurrences[i]!);
    if (i > 0) buf[off++] = 0x2c; // ,
    buf.set(head, off);
    off += head.length;
    buf.set(tail, off);
    off += tail.length;
  }
  buf[off++] = 0x5d; // ]
  const answer = buf.subarray(0, off);
  answers?.set(key, seq, answer);
  return answer;
}
