import type { Transaction } from 'dexie';
import { isBucket, toBuckets } from './buckets';

/**
 * The local database's schema, one step per Dexie version as it shipped. A shipped step is NEVER edited: a
 * device that opened version n has exactly that step's stores, and Dexie only runs the steps above it.
 * Adding a table (a new entity type), an index or a migration is a new step at the end; the store strings are
 * literals on purpose, so nothing derived (such as `TABLE_OF`) can change a shipped step behind its back.
 * `schema-versions.test.ts` holds the shipped steps as written and fails when one changes.
 *
 * `public/early.js` reads the tasks' bucket records only from a database at the current version: the build
 * writes `LOCAL_SCHEMA_IDB_VERSION` into it (client/vite.config.ts, `earlyScript`).
 */
export interface SchemaStep {
  version: number;
  /** Dexie's store declarations of this version: every table, as declared when the step shipped. */
  stores: Readonly<Record<string, string | null>>;
  /** The data migration from the previous version, if any. */
  upgrade?: (tx: Transaction) => Promise<void>;
}

const V1_DATA = 'id, parentId, deleted, updatedAt';

const V1_STORES = {
  tasks: V1_DATA,
  habits: V1_DATA,
  habitDays: V1_DATA,
  notes: V1_DATA,
  folders: V1_DATA,
  events: V1_DATA,
  tags: V1_DATA,
  tagRefs: V1_DATA,
  inbox: V1_DATA,
  _outbox: '++seq, id',
  _meta: 'key',
  _base: '[type+id]',
} as const;

/** The entity tables of version 1, whose rows version 2 packs into buckets. */
const V1_ENTITY_TABLES = ['tasks', 'habits', 'habitDays', 'notes', 'folders', 'events', 'tags', 'tagRefs', 'inbox'] as const;

export const SCHEMA_STEPS: readonly SchemaStep[] = [
  // 1: one record per row in every entity table; the outbox, the sync metadata and the rebase's server copies.
  { version: 1, stores: V1_STORES },
  // 2: entity rows are stored in buckets (db/buckets.ts); the same tables and indexes as seen from Dexie.
  { version: 2, stores: V1_STORES, upgrade: (tx) => packIntoBuckets(tx, V1_ENTITY_TABLES) },
  // 3: the "needs attention" list of refused changes. A plain table: the bucket middleware only takes the entity
  // tables it is given (TABLE_OF), and no existing table's keys change.
  { version: 3, stores: { ...V1_STORES, _attention: 'id, at' } },
];

/** The newest Dexie version (what `AppDatabase` opens). */
export const LOCAL_SCHEMA_VERSION = SCHEMA_STEPS[SCHEMA_STEPS.length - 1]!.version;
/** The same as IndexedDB reports it (`IDBDatabase.version`): Dexie multiplies its version by 10. */
export const LOCAL_SCHEMA_IDB_VERSION = LOCAL_SCHEMA_VERSION * 10;

/** Version 1 → 2: every entity table's one-record-per-row content becomes bucket records, in the upgrade. */
async function packIntoBuckets(tx: Transaction, tables: readonly string[]): Promise<void> {
  const request = <T>(r: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  for (const name of tables) {
    const store = tx.idbtrans.objectStore(name);
    const records = (await request(store.getAll())) as Record<string, unknown>[];
    const rows = records.filter((r) => !isBucket(r));
    if (rows.length === 0) continue;
    await request(store.clear());
    for (const bucket of toBuckets(rows)) store.put(bucket);
  }
}
