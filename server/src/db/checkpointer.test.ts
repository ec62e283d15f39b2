import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { openSqlite } from '../plugins/db.js';
import { writeTransaction } from '../lib/transaction.js';
import { BACKSTOP_PAGES, checkpointerOf } from './checkpointer.js';

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error('condition never met');
}

describe('WAL checkpoints in a worker thread (SQLite)', () => {
  let dir: string;
  let file: string;
  let db: Kysely<Database>;
  let sqlite: Sqlite.Database;
  const write = (from: number, n: number) =>
    writeTransaction(db, 'sqlite', async (trx) => {
      for (let i = from; i < from + n; i++) await sql`insert into ck_t (id, body) values (${i}, ${'x'.repeat(2000)})`.execute(trx);
    });

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'checkpointer-'));
    file = path.join(dir, 'app.sqlite');
    ({ db, sqlite } = openSqlite(file));
    await sql`create table ck_t (id integer primary key, body text not null)`.execute(db);
  });
  afterAll(async () => {
    await checkpointerOf(db)?.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the main connection a backstop only, and checkpoints by itself shortly after a write', async () => {
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_PAGES);
    const checkpointer = checkpointerOf(db)!;
    expect(checkpointer).toBeDefined();
    const before = checkpointer.checkpoints;
    await write(0, 200); // ~100 pages of WAL, far below the backstop
    await until(() => checkpointer.checkpoints > before);
    // Everything the WAL held was copied into the database file.
    expect(checkpointer.last!.busy).toBe(0);
    expect(checkpointer.last!.checkpointed).toBe(checkpointer.last!.log);
    expect(checkpointer.last!.log).toBeGreaterThan(50);
  });

  it('keeps the WAL from growing: the writer restarts it after each checkpoint', async () => {
    const checkpointer = checkpointerOf(db)!;
    for (let round = 0; round < 6; round++) {
      await write(1_000 + round * 200, 200);
      await checkpointer.checkpointNow();
      expect(checkpointer.last!.checkpointed).toBe(checkpointer.last!.log);
    }
    // Six rounds of ~100 pages each, restarted every time: the file holds about one round, not six.
    expect(statSync(`${file}-wal`).size).toBeLessThan(200 * 4096 * 2);
  });

  it('keeps every committed row across a close and a reopen', async () => {
    await write(5_000, 50);
    await checkpointerOf(db)!.close();
    await db.destroy();
    ({ db, sqlite } = openSqlite(file));
    const count = await sql<{ n: number }>`select count(*) as n from ck_t`.execute(db);
    expect(Number(count.rows[0]!.n)).toBe(200 + 6 * 200 + 50);
    const other = new Sqlite(file, { readonly: true });
    try {
      expect((other.prepare('select count(*) as n from ck_t where id >= 5000').get() as { n: number }).n).toBe(50);
    } finally {
      other.close();
    }
  });
});
