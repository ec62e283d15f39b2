import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { AppDatabase, TABLE_OF } from './database';
import { LOCAL_SCHEMA_IDB_VERSION, LOCAL_SCHEMA_VERSION, SCHEMA_STEPS } from './schema-versions';

/**
 * The steps as they shipped, written out by hand. A shipped step must never change (a device that opened it
 * keeps its stores): editing one fails here. A new step is added to both lists.
 */
const DATA = 'id, parentId, deleted, updatedAt';
const V1 = {
  tasks: DATA,
  habits: DATA,
  habitDays: DATA,
  notes: DATA,
  folders: DATA,
  events: DATA,
  tags: DATA,
  tagRefs: DATA,
  inbox: DATA,
  _outbox: '++seq, id',
  _meta: 'key',
  _base: '[type+id]',
};
const SHIPPED = [
  { version: 1, stores: V1, upgrade: false },
  { version: 2, stores: V1, upgrade: true },
  { version: 3, stores: { ...V1, _attention: 'id, at' }, upgrade: false },
];

const dbs: Dexie[] = [];
afterEach(async () => {
  await Promise.all(dbs.splice(0).map((d) => d.delete()));
});

describe('local schema versions (db/schema-versions.ts)', () => {
  it('keeps every shipped step as it shipped, in order', () => {
    const declared = SCHEMA_STEPS.slice(0, SHIPPED.length).map((s) => ({ version: s.version, stores: { ...s.stores }, upgrade: s.upgrade !== undefined }));
    expect(declared).toEqual(SHIPPED);
  });

  it('numbers the steps 1, 2, 3… and only adds after the shipped ones', () => {
    expect(SCHEMA_STEPS.map((s) => s.version)).toEqual(SCHEMA_STEPS.map((_, i) => i + 1));
    expect(LOCAL_SCHEMA_VERSION).toBe(SCHEMA_STEPS.length);
    expect(LOCAL_SCHEMA_IDB_VERSION).toBe(LOCAL_SCHEMA_VERSION * 10);
  });

  it('declares a store for every entity table in the newest step (a new entity type needs a new step)', () => {
    const newest = SCHEMA_STEPS[SCHEMA_STEPS.length - 1]!.stores;
    for (const table of Object.values(TABLE_OF)) expect(newest[table], table).toBe(DATA);
  });

  it('opens the database at the newest step with its stores and indexes', async () => {
    const db = new AppDatabase(`schema-${Math.random()}`);
    dbs.push(db);
    await db.open();
    expect(db.verno).toBe(LOCAL_SCHEMA_VERSION);
    expect(db.backendDB().version).toBe(LOCAL_SCHEMA_IDB_VERSION);
    const newest = SCHEMA_STEPS[SCHEMA_STEPS.length - 1]!.stores;
    expect(db.tables.map((t) => t.name).sort()).toEqual(Object.keys(newest).sort());
    expect(db.tasks.schema.indexes.map((i) => i.name).sort()).toEqual(['deleted', 'parentId', 'updatedAt']);
    expect(db._attention.schema.indexes.map((i) => i.name)).toEqual(['at']);
  });
});
