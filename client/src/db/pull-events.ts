import Dexie, { RangeSet, type ObservabilitySet } from 'dexie';
import type { AppDatabase, LocalRow } from './database';

/**
 * In-memory delivery of the rows a pull page wrote, for caches that keep a whole table in memory (the task
 * cache). A page of 50 rows or more reaches Dexie's change event as "the whole table changed", and reading
 * 14k rows back after each page of a first sync would cost as much as writing them. So the page's transaction
 * carries a marker part naming this tab, and after the commit the written rows are handed to the listeners
 * here: a cache that sees its own tab's marker skips the change event and patches from the rows instead.
 * Other tabs see the marker with a foreign tab id and read the table as before.
 */
export interface PulledRows {
  db: AppDatabase;
  /** Rows written to the view, by Dexie table name (tombstones included, `deleted: 1`). */
  tables: Map<string, LocalRow[]>;
  /** The pull has more pages to come (`hasMore`): a screen may wait for the rest before it renders again. */
  more?: boolean;
}

const tabId = Math.random().toString(36).slice(2);
const listeners = new Set<(event: PulledRows) => void>();

const markerOf = (db: AppDatabase) => `x-pull://${db.name}/${tabId}`;

/** Marks the running Dexie transaction as a pull page whose rows this tab delivers in memory. */
export function markPullTransaction(db: AppDatabase): void {
  const idbtrans = Dexie.currentTransaction?.idbtrans as (IDBTransaction & { mutatedParts?: ObservabilitySet }) | undefined;
  if (!idbtrans) return;
  idbtrans.mutatedParts = { ...(idbtrans.mutatedParts ?? {}), [markerOf(db)]: new RangeSet() };
}

/** Whether a change event comes from a pull page of this tab on `db` (its rows arrive through `onPulled`). */
export function isOwnPull(db: AppDatabase, parts: ObservabilitySet): boolean {
  return Object.hasOwn(parts, markerOf(db));
}

export function onPulled(listener: (event: PulledRows) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitPulled(event: PulledRows): void {
  for (const l of listeners) l(event);
}
