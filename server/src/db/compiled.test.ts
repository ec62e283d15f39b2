import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../test/kit.js';
import { TEST_STORE } from '../../test/stores.js';
import { runShaped, shapeCount, ShapeMismatch } from './compiled.js';

describe(`runShaped (${TEST_STORE})`, () => {
  const t = useServerTest({ user: false });

  it('compiles a shape once and runs its text with new parameters; same results as the built query', async () => {
    const db = t.app.db;
    await sql`create table shaped_t (id text primary key, n integer not null)`.execute(db);
    const insert = (id: string, n: number) =>
      runShaped(db, 'test.shaped.insert', [id, n], () => db.insertInto('shaped_t' as never).values({ id, n } as never).compile());
    const before = shapeCount(db);
    await insert('a', 1);
    expect(shapeCount(db)).toBe(before + 1);
    await insert('b', 2); // from the remembered text
    expect(shapeCount(db)).toBe(before + 1);
    const read = (id: string) =>
      runShaped<{ n: number }>(db, 'test.shaped.read', [id], () => sql<{ n: number }>`select n from shaped_t where id = ${id}`.compile(db));
    expect((await read('a')).rows).toEqual([{ n: 1 }]);
    expect((await read('b')).rows).toEqual([{ n: 2 }]);
    expect((await read('c')).rows).toEqual([]);
    const updated = await runShaped(db, 'test.shaped.update', [5, 'b'], () => sql`update shaped_t set n = ${5} where id = ${'b'}`.compile(db));
    expect(Number(updated.numAffectedRows)).toBe(1);
    expect((await read('b')).rows).toEqual([{ n: 5 }]);
  });

  it('refuses parameters that are not in the compiled order (first run of a shape)', async () => {
    const db = t.app.db;
    await expect(
      runShaped(db, 'test.shaped.wrong', ['x', 1], () => sql`select ${1} as n, ${'x'} as id`.compile(db)),
    ).rejects.toBeInstanceOf(ShapeMismatch);
    // Nothing was remembered for it: a right call compiles afresh.
    expect((await runShaped(db, 'test.shaped.wrong', [1, 'x'], () => sql`select ${1} as n, ${'x'} as id`.compile(db))).rows).toHaveLength(1);
  });
});
