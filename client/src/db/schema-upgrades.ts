import type { Transaction } from 'dexie';
import { isBucket, toBuckets } from './buckets';
import type { SchemaStep } from './schema-versions';

/** The entity tables of version 1, whose rows version 2 packs into buckets. */
const V1_ENTITY_TABLES = ['tasks', 'habits', 'habitDays', 'notes', 'folders', 'events', 'tags', 'tagRefs', 'inbox'] as const;

/** The data migrations that schema-versions.ts's steps name. */
export const UPGRADES: Record<NonNullable<SchemaStep['upgrade']>, (tx: Transaction) => Promise<void>> = {
  packIntoBuckets: (tx) => packIntoBuckets(tx, V1_ENTITY_TABLES),
};

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
