/**
 * The local database's schema, one step per Dexie version as it shipped. A shipped step is NEVER edited: a
 * device that opened version n has exactly that step's stores, and Dexie only runs the steps above it.
 * Adding a table (a new entity type), an index or a migration is a new step at the end; the store strings are
 * literals on purpose, so nothing derived (such as `TABLE_OF`) can change a shipped step behind its back.
 * `schema-versions.test.ts` holds the shipped steps as written and fails when one changes.
 *
 * A data migration is named here and written in `schema-upgrades.ts`, so this file imports nothing: the build
 * reads it too (`public/early.js` reads the tasks' bucket records only from a database at the current version,
 * and the build writes `LOCAL_SCHEMA_IDB_VERSION` into it: client/vite-plugins/public-scripts.ts).
 */
export interface SchemaStep {
  version: number;
  /** Dexie's store declarations of this version: every table, as declared when the step shipped. */
  stores: Readonly<Record<string, string | null>>;
  /** The data migration from the previous version, if any (schema-upgrades.ts). */
  upgrade?: 'packIntoBuckets';
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

export const SCHEMA_STEPS: readonly SchemaStep[] = [
  // 1: one record per row in every entity table; the outbox, the sync metadata and the rebase's server copies.
  { version: 1, stores: V1_STORES },
  // 2: entity rows are stored in buckets (db/buckets.ts); the same tables and indexes as seen from Dexie.
  { version: 2, stores: V1_STORES, upgrade: 'packIntoBuckets' },
  // 3: the "needs attention" list of refused changes. A plain table: the bucket middleware only takes the entity
  // tables it is given (TABLE_OF), and no existing table's keys change.
  { version: 3, stores: { ...V1_STORES, _attention: 'id, at' } },
];

/** The newest Dexie version (what `AppDatabase` opens). */
export const LOCAL_SCHEMA_VERSION = SCHEMA_STEPS[SCHEMA_STEPS.length - 1]!.version;
/** The same as IndexedDB reports it (`IDBDatabase.version`): Dexie multiplies its version by 10. */
export const LOCAL_SCHEMA_IDB_VERSION = LOCAL_SCHEMA_VERSION * 10;
