import ICAL from 'ical.js';
import { z } from 'zod/mini';
import { eventCreateSchema, eventRuleErrors, isReadOnlyEvent, type EventData } from '@adhd/shared/events/schema';
import { newId } from '../../lib/ids.js';
import type { ServerTx, SyncEngine } from '../sync/engine.js';
import { exportUid, icsToEvents } from './ics.js';
import { readEvents, type StoredEvent } from './repository.js';
import type { ImportedEvent } from './types.js';

/** `POST /api/events/ics`'s answer: VEVENTs created, changed, and left alone (unchanged, read-only or unsupported). */
export interface IcsImportResult {
  imported: number;
  updated: number;
  skipped: number;
}

/** Rows per staged write: a big file costs the user's write budget per batch, not per event (as backup imports). */
const BATCH = 500;

/** The fields an import sets and compares (the rest of an event is the app's own: colour, tags, reminders). */
const FIELDS = ['title', 'description', 'location', 'startDate', 'endDate', 'startTime', 'endTime', 'allDay', 'timezone', 'recurrence', 'exdates', 'originalStart'] as const;
type Fields = Pick<ImportedEvent, (typeof FIELDS)[number]>;

const sameRule = (a: string | null, b: string | null) => {
  if (a === b) return true;
  if (!a || !b) return false;
  try {
    return ICAL.Recur.fromString(a).toString() === ICAL.Recur.fromString(b).toString();
  } catch {
    return false;
  }
};

/** Whether the stored event already says what the file says (an end on the start day may be null or that day). */
export function sameFields(stored: StoredEvent, file: Fields): boolean {
  return FIELDS.every((f) => {
    switch (f) {
      case 'endDate':
        return (stored.endDate ?? stored.startDate) === (file.endDate ?? file.startDate);
      case 'recurrence':
        return sameRule(stored.recurrence ?? null, file.recurrence);
      case 'exdates':
        return [...(stored.exdates ?? [])].sort().join() === [...file.exdates].sort().join();
      default:
        return (stored[f] ?? null) === (file[f] ?? null);
    }
  });
}

const fieldsOf = (e: ImportedEvent): Fields => Object.fromEntries(FIELDS.map((f) => [f, e[f]])) as Fields;
/** The key an event is matched by: its UID, and for an override the overridden occurrence too. */
const keyOf = (uid: string, originalStart: string | null) => (originalStart ? `${uid}\n${originalStart}` : uid);

/** Stored events by the key their export would give them (contract: `uid`, else `${_id}@adhd`). */
function storedByKey(events: StoredEvent[]): Map<string, StoredEvent> {
  const byId = new Map(events.map((e) => [e._id, e]));
  const out = new Map<string, StoredEvent>();
  for (const e of events) {
    const series = e.seriesId ? (byId.get(e.seriesId) ?? { _id: e.seriesId, uid: null }) : null;
    out.set(series && e.originalStart ? keyOf(exportUid(series), e.originalStart) : keyOf(exportUid(e), null), e);
  }
  return out;
}

/** A new event as the file has it: source `ics`, its UID kept so a later import finds it again. */
const newEvent = (e: ImportedEvent, seriesId: string | null): Record<string, unknown> => ({
  ...fieldsOf(e),
  seriesId,
  color: null,
  tags: [],
  reminders: [],
  details: {},
  source: 'ics',
  sourceId: null,
  calendarId: null,
  uid: e.uid,
  readonly: false,
});

/**
 * Whether an event may be stored: the shared event schema (field formats and limits, the RRULE allow-list) and
 * the event rules (end after start, …), as every event mutation checks them. A VEVENT that fails is skipped.
 */
function storable(data: Record<string, unknown>): boolean {
  const { source: _s, sourceId: _i, calendarId: _c, uid, readonly: _r, ...client } = data;
  if (typeof uid === 'string' && uid.length > 1_000) return false;
  return z.safeParse(eventCreateSchema, client).success && Object.keys(eventRuleErrors(data as unknown as EventData)).length === 0;
}

/**
 * Import a calendar file into the user's events (docs/calendar-files.md) in ONE write transaction of the sync
 * engine, so every written row is versioned, counted against the quota and pulled by the user's devices. Each
 * VEVENT is matched by UID (and RECURRENCE-ID for an overridden occurrence) with the user's events: a new one is
 * created (`imported`); a matched one whose fields differ is updated (`updated`); an unchanged one, a read-only
 * (Google) one, and a VEVENT the app cannot store are `skipped`. Importing the same file twice writes nothing.
 * A file that cannot be parsed throws IcsError before anything is written.
 */
export async function importIcs(engine: SyncEngine, userId: string, text: string, timeZone: string): Promise<IcsImportResult> {
  const parsed = icsToEvents(text, { timeZone });
  const result: IcsImportResult = { imported: 0, updated: 0, skipped: parsed.skipped };
  await engine.run(
    userId,
    async (_exec, trx, stage) => {
      const stored = storedByKey(await readEvents(trx, userId));
      const seriesIds = new Map<string, string>();
      const writes: { id: string; data: Record<string, unknown> }[] = [];
      // Series before their overrides: an override's seriesId is its series' id, found or new.
      const ordered = [...parsed.events].sort((a, b) => Number(a.originalStart !== null) - Number(b.originalStart !== null));
      for (const event of ordered) {
        const seriesId = event.originalStart ? seriesIds.get(event.uid) : null;
        if (seriesId === undefined) {
          result.skipped++; // the series itself was not imported
          continue;
        }
        const found = stored.get(keyOf(event.uid, event.originalStart));
        const readOnly = !!found && isReadOnlyEvent(found);
        if (found && !readOnly && !event.originalStart) seriesIds.set(event.uid, found._id);
        if (readOnly || (found && sameFields(found, event))) {
          result.skipped++;
        } else if (found) {
          const { _id, createdAt: _c, updatedAt: _u, ...rest } = found;
          const data = { ...rest, ...fieldsOf(event) };
          if (!storable(data)) {
            result.skipped++;
            continue;
          }
          writes.push({ id: _id, data });
          result.updated++;
        } else {
          const data = newEvent(event, seriesId);
          if (!storable(data)) {
            result.skipped++;
            continue;
          }
          const id = newId();
          if (!event.originalStart) seriesIds.set(event.uid, id);
          writes.push({ id, data });
          result.imported++;
        }
      }
      for (let i = 0; i < writes.length; i += BATCH) await stage((tx) => putAll(tx, writes.slice(i, i + BATCH)));
    },
    async () => null,
  );
  return result;
}

async function putAll(tx: ServerTx, writes: { id: string; data: Record<string, unknown> }[]): Promise<void> {
  for (const w of writes) await tx.put('event', w.id, w.data);
}
