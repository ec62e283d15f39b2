import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.js';
import { migrateToLatest, openSqlite } from '../src/plugins/db.js';
import { searchNotes } from '../src/modules/notes/repository.js';
import { DIST, nodeScript } from './processes.js';

/**
 * Migrations are atomic (issue 12, point 9): a migration that fails, or a process killed with SIGKILL in the
 * middle of one, leaves the schema as it was, and the next start applies everything and ends with a whole schema.
 */

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'adhd-migrate-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const names = Object.keys(migrations).sort();

async function schemaObjects<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db);
  return rows.map((r) => r.name);
}

async function applied<DB>(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
  return rows.map((r) => r.name);
}

/** The migrations up to and including `last`, which runs all its statements and then fails with `message`. */
function failingAt(last: string, message: string): Record<string, Migration> {
  const set: Record<string, Migration> = {};
  for (const name of names) {
    if (name === last) {
      set[name] = {
        up: async (trx) => {
          await migrations[name]!.up(trx);
          throw new Error(message);
        },
      };
      break;
    }
    set[name] = migrations[name]!;
  }
  return set;
}

/** The next start: every migration applied, integrity ok, the FTS index working end to end. */
async function startAgainAndExpectWholeSchema(file: string) {
  const { db, sqlite } = openSqlite(file);
  try {
    await migrateToLatest(db);
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(await applied(db)).toEqual(names);
    const objects = await schemaObjects(db);
    for (const t of ['users', 'entities', 'notes_fts', 'fts_note_ids', 'search_fts', 'fts_search_ids', 'search_dirty', 'search_dirty_insert', 'search_dirty_update', 'search_dirty_delete']) {
      expect(objects).toContain(t);
    }
    // 0019 moved indexing out of the writes (ADR 0007): the old index triggers are gone.
    for (const t of ['notes_fts_insert', 'notes_fts_update', 'notes_fts_delete', 'search_fts_insert', 'search_fts_update', 'search_fts_delete']) {
      expect(objects).not.toContain(t);
    }
    const now = new Date().toISOString();
    await sql`INSERT INTO users (id, email, name, password_hash, created_at, updated_at) VALUES ('u1', 'u1@example.com', 'U', 'x', ${now}, ${now})`.execute(db);
    await db
      .insertInto('entities')
      .values({ user_id: 'u1', type: 'note', id: 'n1', data: JSON.stringify({ title: 'Groceries', content: 'apples' }), version: 1, deleted: 0, field_versions: '{}', created_at: now, updated_at: now })
      .execute();
    expect((await searchNotes(db, 'u1', 'apples')).map((n) => n._id)).toEqual(['n1']);
    expect(db.getExecutor().adapter.supportsTransactionalDdl).toBe(true);
  } finally {
    await db.destroy();
  }
}

describe('migrations run in one transaction', () => {
  it('rolls a migration that fails midway back entirely, and the next start succeeds', async () => {
    const file = path.join(dir, 'app.sqlite');
    const { db } = openSqlite(file);
    await expect(migrateToLatest(db, failingAt('0002_notes_fts', 'power cut'))).rejects.toThrow(/power cut/);
    // Nothing of the failed run is left: no table, no trigger, no migration row.
    expect(await schemaObjects(db)).not.toContain('notes_fts');
    expect(await schemaObjects(db)).not.toContain('entities');
    expect(await applied(db)).toEqual([]);
    await db.destroy();
    await startAgainAndExpectWholeSchema(file);
  });

  it('keeps the applied migrations when a later one fails', async () => {
    const file = path.join(dir, 'app.sqlite');
    const first = openSqlite(file);
    await migrateToLatest(first.db, { [names[0]!]: migrations[names[0]!]! });
    await expect(migrateToLatest(first.db, failingAt(names.at(-1)!, 'disk error'))).rejects.toThrow(/disk error/);
    expect(await applied(first.db)).toEqual([names[0]]);
    await first.db.destroy();
    await startAgainAndExpectWholeSchema(file);
  });

  it('moves the notes of a database from before 0004 into the id-keyed index', async () => {
    const file = path.join(dir, 'app.sqlite');
    const { db } = openSqlite(file);
    await migrateToLatest(db, { '0001_init': migrations['0001_init']!, '0002_notes_fts': migrations['0002_notes_fts']! });
    const now = new Date().toISOString();
    await sql`INSERT INTO users (id, email, name, password_hash, created_at, updated_at) VALUES ('u1', 'u1@example.com', 'U', 'x', ${now}, ${now})`.execute(db);
    const note = (id: string, content: string, deleted: number) => ({
      user_id: 'u1', type: 'note', id, data: JSON.stringify({ title: id, content }), version: 1, deleted, field_versions: '{}', created_at: now, updated_at: now,
    });
    await db.insertInto('entities').values([note('n1', 'pears', 0), note('n2', 'plums', 0), note('n3', 'pears gone', 1)]).execute();
    await migrateToLatest(db);
    expect((await searchNotes(db, 'u1', 'pears')).map((n) => n._id)).toEqual(['n1']);
    expect((await searchNotes(db, 'u1', 'plums')).map((n) => n._id)).toEqual(['n2']);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM fts_note_ids`.execute(db);
    expect(Number(rows[0]!.n)).toBe(3);
    await db.destroy();
  });

  it.runIf(existsSync(path.join(DIST, 'plugins/db.js')))('survives SIGKILL in the middle of migration 0002', async () => {
    const file = path.join(dir, 'app.sqlite');
    // A child process runs the real migrations, stops inside 0002 after its DDL ran, and is killed there.
    const script = `
      import { openSqlite, migrateToLatest } from ${JSON.stringify(path.join(DIST, 'plugins/db.js'))};
      import { migrations } from ${JSON.stringify(path.join(DIST, 'db/migrations/index.js'))};
      const { db } = openSqlite(${JSON.stringify(file)});
      const set = {
        '0001_init': migrations['0001_init'],
        '0002_notes_fts': { up: async (trx) => {
          await migrations['0002_notes_fts'].up(trx);
          process.send('midway');
          await new Promise(() => {});
        } },
      };
      await migrateToLatest(db, set);`;
    const child = nodeScript(script, ['ignore', 'ignore', 'pipe', 'ipc']);
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`child exited ${code} before the kill: ${stderr}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));

    await startAgainAndExpectWholeSchema(file);
  }, 30_000);
});
