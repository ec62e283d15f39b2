import { yieldToMain } from '../lib/idle';
import { isBucket } from './bucket-records';
import type { LocalRow } from './database';
import { decodeInSlices } from './decode-slices';

/** Bucket records per IndexedDB `getAll()` (public/early.js reads as many): each answer is copied into the page in its own short task. */
const RECORDS_PER_READ = 16;

/**
 * Every stored row of the bucketed table `table` as id → its stored JSON text, read straight from IndexedDB
 * (below Dexie: nothing is parsed) in `getAll()` calls of RECORDS_PER_READ bucket records with a yield to the
 * browser between them; null when a record is not a bucket (then the caller reads the table through Dexie).
 * Each bucket record is read whole in one request, so every row is as some committed write left it; a write
 * landing during the read is reported by Dexie's change event, which the caller handles after this read.
 */
export async function readStoredTexts(idb: IDBDatabase, table: string): Promise<Map<string, string> | null> {
  const out = new Map<string, string>();
  let after: IDBValidKey | undefined;
  for (;;) {
    const records = await new Promise<unknown[]>((resolve, reject) => {
      const req = idb
        .transaction(table, 'readonly')
        .objectStore(table)
        .getAll(after === undefined ? null : IDBKeyRange.lowerBound(after, true), RECORDS_PER_READ);
      req.onsuccess = () => resolve(req.result as unknown[]);
      req.onerror = () => reject(req.error ?? new Error(`reading ${table} failed`));
    });
    for (const r of records) {
      if (!isBucket(r)) return null;
      for (const [id, json] of r.rows) out.set(id, json);
    }
    if (records.length < RECORDS_PER_READ) return out;
    after = (records[records.length - 1] as { id: string }).id;
    await yieldToMain();
  }
}

/** A start-up read of a table: its rows' texts, and the ids whose rows changed in memory since. */
export interface EarlyRead {
  texts: readonly string[];
  touched: ReadonlySet<string>;
}

/**
 * What changed in `table` since the start-up read `early`, as a live table's changes (id → decoded row, null:
 * gone), given its current `rows`: only the stored rows whose text is not among the start-up read's, or whose id
 * changed in memory since, are parsed and decoded (in slices); rows no longer stored, or stored as tombstones,
 * go. The same changes as a full re-read's (`LiveTable.reload`), which parsed and compared all 10k rows in one
 * 100–250 ms task. Null when the table is not bucketed.
 */
export async function changesSince<T>(
  idb: IDBDatabase,
  table: string,
  early: EarlyRead,
  rows: ReadonlyMap<string, T>,
  decode: (row: LocalRow) => T | null,
): Promise<Map<string, T | null> | null> {
  const stored = await readStoredTexts(idb, table);
  if (!stored) return null;
  const known = new Set(early.texts);
  const ids: string[] = [];
  const texts: string[] = [];
  for (const [id, text] of stored) {
    if (known.has(text) && !early.touched.has(id)) continue;
    ids.push(id);
    texts.push(text);
  }
  const next = await decodeInSlices(texts, decode);
  const changes = new Map<string, T | null>();
  for (const id of ids) changes.set(id, next.get(id) ?? null);
  for (const id of rows.keys()) if (!stored.has(id)) changes.set(id, null);
  return changes;
}
