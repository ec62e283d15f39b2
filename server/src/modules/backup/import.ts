import { parentsFirst } from '@adhd/shared/backup/check';
import { EXPORT_SECTIONS, type ExportCounts, type ExportData, type ExportDocument, type ExportSection } from '@adhd/shared/backup/format';
import { isReadOnlyEvent, withEventDefaults, type EventData } from '@adhd/shared/events/schema';
import { normaliseEvent, putEvent } from '@adhd/shared/events/store';
import type { StoredRow } from '@adhd/shared/sync/mutator';
import type { EntityType } from '@adhd/shared/sync/protocol';
import { tagNameKey } from '@adhd/shared/tags/ids';
import type { Exec, ServerTx, SyncEngine } from '../sync/engine.js';
import { findEntities, listLive, type Db } from '../sync/repository.js';

/**
 * `POST /api/import` after the whole file was checked (`checkExport`): merge it into the user's data by id in
 * one write transaction of the sync engine, so every written row gets a version, the tag index and the quota
 * bytes are kept and the user's devices are poked. Per row: an id the account does not have is created, an id
 * whose data differs is updated, an identical row is left alone (a second import of the same file writes
 * nothing and bumps no version). Nothing is ever deleted.
 *
 * Updates of live rows run the domains' own mutators (`task.update`, `task.move`, …), with their rules (tag
 * names stay unique, trees stay acyclic, habit rules hold). Two kinds of write have no mutator and take the
 * narrow server-only path: `put`s staged through `ServerTx` by the engine's `stage` (engine.ts `Stage`), so they
 * are versioned, counted against the quota and poked like any write:
 *  - new rows, tombstones brought back, and habit days, written as the file has them with the file's
 *    timestamps (`ServerTx.restamp`). The create mutators would stamp `now`, and `habit.setDay` refuses a day
 *    the habit is no longer scheduled on; what they check besides was proved by the file check (references
 *    inside the file, parents first, unique tag names, the habit rules). Up to BATCH rows share one staged write,
 *    so a big import costs the user's write budget per batch, not per row;
 *  - after a row's update mutators: the file's timestamps and any field no mutator sets (a note's `conflictOf`,
 *    an inbox item's `source`, an event's override links and server-only fields).
 *
 * Events are written through `putEvent` (normalised, the event rules held) with the server-only fields as the
 * file has them (`source`, `uid`, `readonly`, …), so a Google event stays read-only. A read-only event the account
 * already has live is left alone (its calendar sync owns it; the event mutators refuse it) and counts as unchanged.
 */

type Counts = ExportCounts;
export interface ImportResult {
  imported: Counts;
  updated: Counts;
  unchanged: Counts;
}

const BATCH = 500;
const zero = (): Counts => Object.fromEntries(EXPORT_SECTIONS.map(([s]) => [s, 0])) as Counts;

/** A row as the file wants it: its stored data and timestamps. */
interface Wanted {
  type: EntityType;
  id: string;
  data: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** Write rows as the file has them (created, revived, or stamped after their updates), in one staged write. */
async function writeRows(tx: ServerTx, rows: Wanted[]): Promise<void> {
  for (const row of rows) {
    const current = await tx.get(row.type, row.id);
    if (current && !current.deleted && sameData(current.data, row.data)) await tx.put(row.type, row.id, current.data); // only the timestamps change
    else if (row.type === 'event') await putEvent(tx, row.id, row.data as unknown as EventData); // normalised, the event rules held
    else await tx.put(row.type, row.id, row.data);
    tx.restamp(row.type, row.id, row);
  }
}

/** Stable JSON (keys sorted), for comparing stored data with the file's. */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v !== null && typeof v === 'object'
      ? `{${Object.keys(v)
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);
const sameData = (a: Record<string, unknown>, b: Record<string, unknown>) => canonical(a) === canonical(b);

type Entity = { _id: string; createdAt: string; updatedAt: string } & Record<string, unknown>;

function wanted(type: EntityType, { _id, createdAt, updatedAt, ...fields }: Entity): Wanted {
  const data = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { type, id: _id, data: type === 'event' ? eventData(data) : data, createdAt, updatedAt };
}

/** An event's data with every field, normalised as `putEvent` stores it (so an identical row compares equal). */
const eventData = (data: Record<string, unknown>) => ({ ...normaliseEvent(withEventDefaults(data as unknown as EventData)) }) as Record<string, unknown>;

/** Event fields the client's `event.update` does not set: the override links and the server-only fields. */
const EVENT_SERVER_ONLY = ['seriesId', 'originalStart', 'source', 'sourceId', 'calendarId', 'uid', 'readonly'];

/** The update mutations that turn `from` into `to` (only the fields that differ; a parent change is a move). */
async function runUpdates(exec: Exec, type: EntityType, id: string, from: Record<string, unknown>, to: Record<string, unknown>) {
  const changed = Object.fromEntries(Object.entries(to).filter(([k, v]) => k !== 'conflictOf' && canonical(v) !== canonical(from[k])));
  const take = (k: string) => {
    const v = changed[k];
    delete changed[k];
    return v;
  };
  const empty = () => Object.keys(changed).length === 0;
  switch (type) {
    case 'tag':
      if (!empty()) await exec('tag.update', { id, ...changed });
      break;
    case 'folder':
      if ('parentFolder' in changed) await exec('folder.move', { id, parentFolder: take('parentFolder') as string | null });
      if (!empty()) await exec('folder.update', { id, ...changed });
      break;
    case 'task':
      if ('parent' in changed) await exec('task.move', { id, parent: take('parent') as string | null });
      if (!empty()) await exec('task.update', { id, ...changed });
      break;
    case 'note':
      if (!empty()) await exec('note.update', { id, ...changed });
      break;
    case 'habit':
      if (!empty()) await exec('habit.update', { id, ...changed });
      break;
    case 'event':
      // A change of the links or of the server-only fields has no client mutation: the batch writes the whole
      // event (putEvent, the event rules held), as the server-only import path does (events/import-write.ts).
      if (!empty() && !EVENT_SERVER_ONLY.some((k) => k in changed)) await exec('event.update', { id, ...changed });
      break;
    case 'inbox':
      if ('text' in changed) await exec('inbox.update', { id, text: take('text') as string });
      break; // `source` has no mutator: the batch writes it
    default:
      break; // habit days have no update mutator: the batch writes them
  }
}

/**
 * Tags of the file whose id the account does not have live, named like a live tag of the account: the file's
 * tag becomes that tag (its id is rewritten in every item), so an import never makes a second tag of a name.
 */
async function mapTagsByName(trx: Db, userId: string, data: ExportData): Promise<void> {
  const live = await listLive(trx, userId, 'tag');
  const liveIds = new Set(live.map((r) => r.id));
  const fileIds = new Set(data.tags.map((t) => t._id));
  const byName = new Map(live.map((r) => [tagNameKey(String((JSON.parse(r.data) as { name: unknown }).name)), r.id]));
  const map = new Map<string, string>();
  for (const tag of data.tags) {
    const other = byName.get(tagNameKey(tag.name));
    if (!liveIds.has(tag._id) && other && other !== tag._id && !fileIds.has(other)) map.set(tag._id, other);
  }
  if (map.size === 0) return;
  for (const tag of data.tags) tag._id = map.get(tag._id) ?? tag._id;
  for (const section of ['folders', 'tasks', 'notes', 'habits', 'events'] as const) {
    for (const item of data[section]) item.tags = item.tags.map((t) => map.get(t) ?? t);
  }
}

/** A live read-only event of the account (from Google): its calendar sync owns it, an import leaves it alone. */
const readOnlyEvent = (type: EntityType, row: StoredRow) => type === 'event' && isReadOnlyEvent(withEventDefaults(row.data as unknown as EventData));

async function existingRows(trx: Db, userId: string, type: EntityType, ids: string[]): Promise<Map<string, StoredRow>> {
  const out = new Map<string, StoredRow>();
  for (let i = 0; i < ids.length; i += BATCH) {
    for (const r of await findEntities(trx, userId, type, ids.slice(i, i + BATCH))) {
      out.set(r.id, { id: r.id, data: JSON.parse(r.data) as Record<string, unknown>, deleted: r.deleted === 1, createdAt: r.created_at, updatedAt: r.updated_at });
    }
  }
  return out;
}

/** Merge a checked document into the user's data (see the module comment); answers the counts per section. */
export async function importDocument(engine: SyncEngine, userId: string, doc: ExportDocument): Promise<ImportResult> {
  const result: ImportResult = { imported: zero(), updated: zero(), unchanged: zero() };
  await engine.run(
    userId,
    async (exec, trx, stage) => {
      const writeBatch = async (rows: Wanted[]) => {
        for (let i = 0; i < rows.length; i += BATCH) await stage((tx) => writeRows(tx, rows.slice(i, i + BATCH)));
      };
      await mapTagsByName(trx, userId, doc.data);
      for (const [section, type] of EXPORT_SECTIONS) {
        const list = doc.data[section] as Entity[];
        const ordered = type === 'task' ? parentsFirst(list, 'parent') : type === 'folder' ? parentsFirst(list, 'parentFolder') : type === 'event' ? parentsFirst(list, 'seriesId') : list;
        const existing = await existingRows(trx, userId, type, ordered.map((e) => e._id));
        const created: Wanted[] = [];
        const fixups: Wanted[] = [];
        for (const entity of ordered) {
          const want = wanted(type, entity);
          const row = existing.get(want.id);
          if (!row || row.deleted) {
            created.push(want);
            result.imported[section as ExportSection]++;
          } else if (sameData(type === 'event' ? eventData(row.data) : row.data, want.data) || readOnlyEvent(type, row)) {
            result.unchanged[section]++;
          } else {
            fixups.push(want);
            result.updated[section]++;
          }
        }
        // New rows first: an updated row may move under one of them.
        await writeBatch(created);
        for (const want of fixups) {
          const from = existing.get(want.id)!.data;
          await runUpdates(exec, type, want.id, type === 'event' ? eventData(from) : from, want.data);
        }
        await writeBatch(fixups);
      }
    },
    async () => null,
  );
  return result;
}
