import Dexie, { liveQuery, type Table } from 'dexie';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { BUCKETS, bucketMiddleware, bucketOf, isBucket } from './buckets';
import { AppDatabase, databaseName, type LocalRow } from './database';

interface Row {
  id: string;
  parentId: string | null;
  deleted: 0 | 1;
  updatedAt: string;
  n: number;
}

const SCHEMA = 'id, parentId, deleted, updatedAt';

class Pair {
  plain: Dexie & { rows: Table<Row, string> };
  bucketed: Dexie & { rows: Table<Row, string> };
  constructor(name: string) {
    this.plain = new Dexie(`${name}-plain`) as never;
    this.plain.version(1).stores({ rows: SCHEMA });
    this.bucketed = new Dexie(`${name}-bucketed`) as never;
    this.bucketed.version(1).stores({ rows: SCHEMA });
    this.bucketed.use(bucketMiddleware(['rows']));
  }
  async both<T>(f: (t: Table<Row, string>) => Promise<T>): Promise<[T, T]> {
    return [await f(this.plain.rows), await f(this.bucketed.rows)];
  }
  async delete() {
    await Promise.all([this.plain.delete(), this.bucketed.delete()]);
  }
}

/** The raw records of a table, read without the middleware. */
async function rawRecords(name: string, table: string): Promise<unknown[]> {
  const raw = new Dexie(name);
  await raw.open();
  try {
    return await raw.table(table).toArray();
  } finally {
    raw.close();
  }
}

const pairs: Pair[] = [];
const dbs: Dexie[] = [];
afterEach(async () => {
  await Promise.all(pairs.splice(0).map((p) => p.delete()));
  await Promise.all(dbs.splice(0).map((d) => d.delete()));
});

const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'p1', 'p2', '0e4f', 'Z'];
const rowArb = fc.record({
  id: fc.constantFrom(...ids),
  parentId: fc.constantFrom(null, 'p1', 'p2'),
  deleted: fc.constantFrom(0 as const, 1 as const),
  updatedAt: fc.constantFrom('2026-01-01', '2026-01-02', '2026-01-03'),
  n: fc.integer({ min: 0, max: 9 }),
});
const opArb = fc.oneof(
  fc.record({ op: fc.constant('put' as const), rows: fc.array(rowArb, { maxLength: 6 }) }),
  fc.record({ op: fc.constant('delete' as const), keys: fc.array(fc.constantFrom(...ids), { maxLength: 4 }) }),
  fc.record({ op: fc.constant('clear' as const) }),
  fc.record({ op: fc.constant('deleteBelow' as const), key: fc.constantFrom(...ids) }),
  fc.record({ op: fc.constant('txPutDelete' as const), row: rowArb }),
);

describe('bucketed tables (db/buckets.ts)', () => {
  it('answers every read exactly as a plain IndexedDB table does, after any sequence of writes', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { maxLength: 12 }), async (ops) => {
        const pair = new Pair(`model-${run++}`);
        pairs.push(pair);
        for (const o of ops) {
          if (o.op === 'put') await pair.both((t) => t.bulkPut(o.rows.map((r) => ({ ...r }))));
          else if (o.op === 'delete') await pair.both((t) => t.bulkDelete(o.keys));
          else if (o.op === 'clear') await pair.both((t) => t.clear());
          else if (o.op === 'deleteBelow') await pair.both((t) => t.where('id').below(o.key).delete());
          else {
            // Concurrent writes to one bucket inside one transaction must not lose each other.
            for (const db of [pair.plain, pair.bucketed]) {
              await db.transaction('rw', db.rows, () =>
                Promise.all([db.rows.put({ ...o.row }), db.rows.put({ ...o.row, id: `${o.row.id}2`, n: 99 }), db.rows.delete('a')]),
              );
            }
          }
        }
        const reads: [string, (t: Table<Row, string>) => Promise<unknown>][] = [
          ['toArray', (t) => t.toArray()],
          ['count', (t) => t.count()],
          ['get', (t) => Promise.all(ids.map((id) => t.get(id)))],
          ['bulkGet', (t) => t.bulkGet([...ids, 'missing'])],
          ['parentId = p1', (t) => t.where('parentId').equals('p1').toArray()],
          ['deleted = 0', (t) => t.where('deleted').equals(0).toArray()],
          ['updatedAt range', (t) => t.where('updatedAt').between('2026-01-01', '2026-01-02', false, true).toArray()],
          ['orderBy updatedAt reverse, limit', (t) => t.orderBy('updatedAt').reverse().limit(3).toArray()],
          ['primary keys of an index', (t) => t.where('deleted').equals(1).primaryKeys()],
          ['count of an index', (t) => t.where('parentId').equals('p2').count()],
          ['anyOf', (t) => t.where('id').anyOf(['b', 'p1', 'nope']).toArray()],
          ['filter (cursor)', (t) => t.filter((r) => r.n > 4).toArray()],
          ['each (cursor)', async (t) => {
            const seen: string[] = [];
            await t.where('deleted').equals(0).each((r) => void seen.push(r.id));
            return seen;
          }],
          ['uniqueKeys', (t) => t.orderBy('updatedAt').uniqueKeys()],
        ];
        for (const [label, read] of reads) {
          const [plain, bucketed] = await pair.both(read);
          expect(bucketed, label).toEqual(plain);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('stores the rows in at most BUCKETS records, spread by the hash of the id', async () => {
    const pair = new Pair('layout');
    pairs.push(pair);
    const total = BUCKETS * 40;
    const rows = Array.from({ length: total }, (_, i) => ({ id: `row-${i}`, parentId: null, deleted: 0 as const, updatedAt: '2026-01-01', n: i }));
    await pair.bucketed.rows.bulkPut(rows);
    const records = await rawRecords('layout-bucketed', 'rows');
    expect(records.length).toBe(BUCKETS);
    expect(records.every(isBucket)).toBe(true);
    const sizes = records.map((r) => (isBucket(r) ? r.rows.size : 0));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
    // A fair spread: no bucket holds more than twice its share.
    expect(Math.max(...sizes)).toBeLessThan(2 * 40);
    expect(bucketOf('row-1')).toMatch(/^b\d{3}$/);
    // Deleting a bucket's last row removes its record.
    await pair.bucketed.rows.clear();
    await pair.bucketed.rows.put(rows[0]!);
    await pair.bucketed.rows.delete(rows[0]!.id);
    expect(await rawRecords('layout-bucketed', 'rows')).toEqual([]);
  });

  it('add fails on an existing key, as IndexedDB does', async () => {
    const pair = new Pair('add');
    pairs.push(pair);
    const row: Row = { id: 'x', parentId: null, deleted: 0, updatedAt: '', n: 1 };
    const [plain, bucketed] = await pair.both(async (t) => {
      await t.add(row);
      return t.add({ ...row, n: 2 }).then(
        () => 'added',
        (e: Error) => e.name,
      );
    });
    expect(bucketed).toBe(plain);
    expect((await pair.bucketed.rows.get('x'))?.n).toBe(1);
  });

  it('reports changes per row to liveQuery, as a plain table does', async () => {
    const pair = new Pair('live');
    pairs.push(pair);
    const seen: number[] = [];
    const sub = liveQuery(() => pair.bucketed.rows.where('parentId').equals('p1').count()).subscribe((n) => seen.push(n));
    await new Promise((r) => setTimeout(r, 50));
    await pair.bucketed.rows.put({ id: 'k1', parentId: 'p1', deleted: 0, updatedAt: '', n: 0 });
    await new Promise((r) => setTimeout(r, 50));
    await pair.bucketed.rows.put({ id: 'k2', parentId: 'p2', deleted: 0, updatedAt: '', n: 0 });
    await pair.bucketed.rows.put({ id: 'k1', parentId: 'p2', deleted: 0, updatedAt: '', n: 0 });
    await new Promise((r) => setTimeout(r, 50));
    sub.unsubscribe();
    expect(seen[0]).toBe(0);
    expect(seen).toContain(1);
    expect(seen.at(-1)).toBe(0);
  });

  it('the app database moves one-record-per-row tables of version 1 into buckets on open, keeping every row', async () => {
    const userId = 'migrating-user';
    const v1 = new Dexie(databaseName(userId));
    v1.version(1).stores({
      tasks: SCHEMA,
      habits: SCHEMA,
      habitDays: SCHEMA,
      notes: SCHEMA,
      folders: SCHEMA,
      events: SCHEMA,
      tags: SCHEMA,
      tagRefs: SCHEMA,
      inbox: SCHEMA,
      _outbox: '++seq, id',
      _meta: 'key',
      _base: '[type+id]',
    });
    const task = (i: number): LocalRow => ({
      id: `task-${i}`,
      data: { title: `Task ${i}` },
      deleted: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: i + 1,
      parentId: i % 2 ? 'task-0' : null,
    });
    await v1.table('tasks').bulkPut(Array.from({ length: 300 }, (_, i) => task(i)));
    await v1.table('_outbox').add({ id: 1, name: 'task.create', args: { id: 'task-1' } });
    await v1.table('_meta').put({ key: 'cursor', value: 300 });
    v1.close();

    const db = new AppDatabase(userId);
    dbs.push(db);
    expect(await db.tasks.count()).toBe(300);
    expect(await db.tasks.get('task-7')).toEqual(task(7));
    expect((await db.tasks.where('parentId').equals('task-0').primaryKeys()).length).toBe(150);
    expect(await db._outbox.count()).toBe(1);
    expect((await db._meta.get('cursor'))?.value).toBe(300);
    db.close();
    const records = await rawRecords(databaseName(userId), 'tasks');
    expect(records.length).toBeLessThanOrEqual(BUCKETS);
    expect(records.every(isBucket)).toBe(true);
  });
});
