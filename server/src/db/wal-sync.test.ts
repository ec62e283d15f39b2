import { mkdtempSync, readdirSync, readlinkSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { openSqlite } from '../plugins/db.js';
import { GroupCommit } from '../lib/group-commit.js';
import { readTransaction, writeTransaction } from '../lib/transaction.js';
import { attachWalSync, keptOpenSync, WalSync, walSyncOf } from './wal-sync.js';

/** A WAL sync the test releases by hand: each call waits until `release` (or `fail`) of its turn. */
function heldSyncs() {
  const waiting: { resolve(): void; reject(err: Error): void }[] = [];
  let calls = 0;
  return {
    syncFile: () => {
      calls++;
      return new Promise<void>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    get calls() {
      return calls;
    },
    async release() {
      await until(() => waiting.length > 0);
      waiting.shift()!.resolve();
    },
    async fail(err: Error) {
      await until(() => waiting.length > 0);
      waiting.shift()!.reject(err);
    },
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 2));
  if (!check()) throw new Error('condition never met');
}

describe('WAL sync off the event loop (SQLite group commit)', () => {
  let dir: string;
  let db: Kysely<Database>;
  let sqlite: Sqlite.Database;
  let reader: Sqlite.Database;
  let held: ReturnType<typeof heldSyncs>;
  const insert = (id: string) => (trx: Kysely<Database>) => sql`insert into ws_t (id) values (${id})`.execute(trx).then(() => id);
  const visible = (id: string) => (reader.prepare('select count(*) as n from ws_t where id = ?').get(id) as { n: number }).n === 1;
  const settledState = (p: Promise<unknown>) => {
    const state = { done: false };
    p.then(
      () => (state.done = true),
      () => (state.done = true),
    );
    return state;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'wal-sync-'));
    ({ db, sqlite } = openSqlite(path.join(dir, 'app.sqlite')));
    await sql`create table ws_t (id text primary key)`.execute(db);
    reader = new Sqlite(path.join(dir, 'app.sqlite'), { readonly: true });
  });
  beforeEach(() => {
    held = heldSyncs();
    attachWalSync(db, new WalSync(sqlite, path.join(dir, 'app.sqlite-wal'), { sync: held.syncFile, close: () => undefined }));
  });
  afterAll(async () => {
    reader.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a group only once its WAL sync has completed; other writes commit with FULL', async () => {
    const group = new GroupCommit(db);
    const runs = ['a1', 'a2', 'a3'].map((id) => group.run(insert(id)));
    const states = runs.map(settledState);
    await until(() => held.calls === 1);
    // Committed (another connection sees the rows), not yet answered.
    expect(['a1', 'a2', 'a3'].every(visible)).toBe(true);
    expect(states.some((s) => s.done)).toBe(false);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2); // FULL again outside the group
    await held.release();
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3']);
    expect(walSyncOf(db)!.syncs).toBe(1);
  });

  it('a failed sync refuses every write of its group (none acknowledged); a refused write keeps its own error', async () => {
    const group = new GroupCommit(db);
    const boom = new Error('refused');
    const ok = group.run(insert('b1'));
    const refused = group.run(async () => {
      throw boom;
    });
    const diskError = new Error('EIO');
    await held.fail(diskError);
    await expect(ok).rejects.toBe(diskError);
    await expect(refused).rejects.toBe(boom);
    // The next group's sync covers the frames the failed one did not.
    const later = group.run(insert('b2'));
    await held.release();
    await expect(later).resolves.toBe('b2');
    expect(walSyncOf(db)!.settled()).toBeNull();
  });

  it('the next group commits while a sync runs; syncs never overlap and the groups that wait share one', async () => {
    const group = new GroupCommit(db);
    const first = group.run(insert('c1'));
    await until(() => held.calls === 1);
    const second = group.run(insert('c2'));
    await until(() => visible('c2'));
    const third = group.run(insert('c3'));
    await until(() => visible('c3'));
    expect(held.calls).toBe(1);
    const states = [second, third].map(settledState);
    await held.release();
    await expect(first).resolves.toBe('c1');
    await until(() => held.calls === 2);
    expect(states.some((s) => s.done)).toBe(false);
    await held.release();
    expect(await Promise.all([second, third])).toEqual(['c2', 'c3']);
    expect(group.stats.groups).toBe(3);
  });

  it('a read transaction (a pull) waits until committed groups are on disk, then sees them', async () => {
    const group = new GroupCommit(db);
    const write = group.run(insert('d1'));
    await until(() => held.calls === 1);
    let ran = false;
    const read = readTransaction(db, 'sqlite', async (trx) => {
      ran = true;
      return (await sql<{ n: number }>`select count(*) as n from ws_t where id = 'd1'`.execute(trx)).rows[0]!.n;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toBe(false);
    await held.release();
    await expect(read).resolves.toBe(1);
    await write;
  });

  it('a write outside group commit syncs in its own COMMIT and needs no WAL sync', async () => {
    await writeTransaction(db, 'sqlite', insert('e1'));
    expect(held.calls).toBe(0);
    expect(walSyncOf(db)!.settled()).toBeNull();
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
  });
});

describe('keptOpenSync', () => {
  it('syncs a missing file as done, keeps one descriptor, and follows the file when it is removed and made again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'wal-fd-'));
    const file = path.join(dir, 'x-wal');
    // Descriptors of this process open on the file (a removed one reads '<name> (deleted)').
    const fds = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(file);
        } catch {
          return false;
        }
      }).length;
    const syncer = keptOpenSync();
    try {
      await syncer.sync(file); // no file yet
      writeFileSync(file, 'a');
      await syncer.sync(file);
      await syncer.sync(file);
      expect(fds()).toBe(1);
      unlinkSync(file);
      writeFileSync(file, 'b');
      await syncer.sync(file); // the old descriptor's file has no name: dropped, the new file synced
      await syncer.sync(file);
      expect(fds()).toBe(1);
      syncer.close();
      await new Promise((r) => setTimeout(r, 20));
      expect(fds()).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
