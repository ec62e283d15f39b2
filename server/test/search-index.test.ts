import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlite, type OpenedDatabase } from '../src/plugins/db.js';
import { searchNotes } from '../src/modules/notes/repository.js';
import { migrations } from '../src/db/migrations/index.js';
import type { Database } from '../src/db/schema.js';
import { DRAIN_CHUNK, DRAIN_DELAY_MS, searchIndexerOf } from '../src/db/search-index.js';

/**
 * The deferred search index (ADR 0007, migration 0019) against the triggers it replaced (0004, 0010): the same
 * writes on a database that stops before 0019 and on one that has it must leave indexes that answer every query
 * with the same rows and the same bm25 scores.
 */

const dirs: string[] = [];
const opened: OpenedDatabase[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.db.destroy().catch(() => undefined);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tmpFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-index-'));
  dirs.push(dir);
  return path.join(dir, 'app.sqlite');
}

const before0019 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== '0019_search_queue'));

async function open(set = migrations, file = tmpFile()): Promise<OpenedDatabase> {
  const o = openSqlite(file);
  opened.push(o);
  // Thousands of one-row transactions: the test needs no fsync of each (what is committed is read back the same).
  o.sqlite.pragma('synchronous = OFF');
  await migrateToLatest(o.db, set);
  return o;
}

/** A tiny seeded PRNG (mulberry32): the same "random" writes on both databases. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['apple', 'apricot', 'banana', 'Café', 'cafe', 'встреча', 'встать', 'milk', 'million', 'plan', 'planet', 'ёлка', 'елка', 'naïve', 'zebra'];
const TYPES = ['task', 'event', 'habit', 'inbox', 'note', 'tag'] as const;
const USERS = ['u1', 'u2', 'u3'];

type Op = { sql: string; params: unknown[] };

/** A varied history: inserts, text edits, edits that touch no text, tombstones, revivals, hard deletes, an account's deletion. */
function history(count: number): Op[] {
  const rand = prng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const text = (n: number) => Array.from({ length: 1 + Math.floor(rand() * n) }, () => pick(WORDS)).join(' ');
  const now = '2026-11-28T00:00:00.000Z';
  const ops: Op[] = [];
  const upsert = `INSERT INTO entities (user_id, type, id, data, version, deleted, field_versions, created_at, updated_at)
    VALUES (?, ?, ?, ?, 1, ?, '{}', ?, ?)
    ON CONFLICT (user_id, type, id) DO UPDATE SET data = excluded.data, deleted = excluded.deleted, version = entities.version + 1`;
  const cut = Math.floor(count * 0.8);
  for (let i = 0; i < count; i++) {
    const user = pick(i > cut ? USERS.slice(0, 2) : USERS);
    const type = pick(TYPES);
    const id = `${type}-${Math.floor(rand() * 40)}`;
    const r = rand();
    const data =
      type === 'inbox'
        ? { text: text(4) }
        : type === 'note'
          ? { title: text(3), content: text(12) }
          : type === 'event'
            ? { title: text(3), description: rand() < 0.3 ? null : text(8), ...(rand() < 0.5 ? { location: text(2) } : {}) }
            : { title: text(3), ...(rand() < 0.7 ? { description: text(10) } : {}), completed: rand() < 0.5 };
    if (r < 0.6) ops.push({ sql: upsert, params: [user, type, id, JSON.stringify(data), 0, now, now] });
    else if (r < 0.75) ops.push({ sql: `UPDATE entities SET data = json_set(data, '$.completed', json('true')), version = version + 1 WHERE user_id = ? AND type = ? AND id = ?`, params: [user, type, id] });
    else if (r < 0.87) ops.push({ sql: `UPDATE entities SET deleted = ? WHERE user_id = ? AND type = ? AND id = ?`, params: [rand() < 0.7 ? 1 : 0, user, type, id] });
    else ops.push({ sql: `DELETE FROM entities WHERE user_id = ? AND type = ? AND id = ?`, params: [user, type, id] });
    if (i === cut) ops.push({ sql: `DELETE FROM users WHERE id = 'u3'`, params: [] });
  }
  return ops;
}

async function addUsers(db: Kysely<Database>) {
  const now = new Date().toISOString();
  for (const id of USERS) {
    await sql`INSERT INTO users (id, email, name, password_hash, created_at, updated_at) VALUES (${id}, ${`${id}@example.com`}, ${id}, 'x', ${now}, ${now})`.execute(db);
  }
}

/** Every index answer that ranking depends on: each query's matches with their bm25 scores, per user. */
function answers(o: OpenedDatabase) {
  const out: unknown[] = [];
  const queries = [...new Set(WORDS.flatMap((w) => [w, w.slice(0, 3)]))].map((w) => `"${w}"*`);
  queries.push('"plan"* "apple"*', '"встреч"* "milk"*');
  for (const q of queries) {
    for (const user of USERS) {
      out.push(
        q,
        user,
        o.sqlite
          .prepare(`SELECT m.type, m.item_id AS id, bm25(search_fts, 10.0, 1.0) AS score FROM search_fts f JOIN fts_search_ids m ON m.fts_rowid = f.rowid
            WHERE search_fts MATCH ? AND m.user_id = ? ORDER BY score, type, id`)
          .all(q, user),
        o.sqlite
          .prepare(`SELECT m.note_id AS id, bm25(notes_fts, 10.0, 1.0) AS score FROM notes_fts f JOIN fts_note_ids m ON m.fts_rowid = f.rowid
            WHERE notes_fts MATCH ? AND m.user_id = ? ORDER BY score, id`)
          .all(q, user),
      );
    }
  }
  // The maps (live rows and tombstones) and the indexed text, whatever their rowids.
  out.push(o.sqlite.prepare(`SELECT m.user_id, m.type, m.item_id, f.title, f.body FROM fts_search_ids m LEFT JOIN search_fts f ON f.rowid = m.fts_rowid ORDER BY 1, 2, 3`).all());
  out.push(o.sqlite.prepare(`SELECT m.user_id, m.note_id, f.title, f.content FROM fts_note_ids m LEFT JOIN notes_fts f ON f.rowid = m.fts_rowid ORDER BY 1, 2`).all());
  return out;
}

const queued = (o: OpenedDatabase) => o.sqlite.prepare('SELECT count(*) FROM search_dirty').pluck().get() as number;

describe('the deferred search index (0019)', () => {
  it('answers exactly as the triggers of 0004 and 0010 did, whenever it drains', async () => {
    const old = await open(before0019);
    const deferred = await open();
    await addUsers(old.db);
    await addUsers(deferred.db);
    const ops = history(1500);
    const rand = prng(7);
    for (const op of ops) {
      old.sqlite.prepare(op.sql).run(...op.params);
      deferred.sqlite.prepare(op.sql).run(...op.params);
      // Drains at uneven moments: some keys are queued many times over before they are indexed.
      if (rand() < 0.03) await searchIndexerOf(deferred.db)!.drain();
    }
    expect(queued(deferred)).toBeGreaterThan(0);
    await searchIndexerOf(deferred.db)!.drain();
    expect(queued(deferred)).toBe(0);
    const expected = answers(old);
    expect(JSON.stringify(expected)).toContain('score');
    expect(answers(deferred)).toEqual(expected);
  });

  it('converges on a database migrated to 0019 from the triggers, with nothing re-indexed', async () => {
    const file = tmpFile();
    const old = await open(before0019, file);
    await addUsers(old.db);
    const ops = history(400);
    for (const op of ops) old.sqlite.prepare(op.sql).run(...op.params);
    const expected = answers(old);
    await old.db.destroy();
    const migrated = await open(migrations, file);
    expect(queued(migrated)).toBe(0);
    expect(answers(migrated)).toEqual(expected);
    // Later writes go through the queue and agree with the triggers too.
    const reference = await open(before0019);
    await addUsers(reference.db);
    for (const op of ops) reference.sqlite.prepare(op.sql).run(...op.params);
    const more = history(700).filter((op) => !op.params.includes('u3') && !op.sql.includes("'u3'"));
    for (const op of more) {
      reference.sqlite.prepare(op.sql).run(...op.params);
      migrated.sqlite.prepare(op.sql).run(...op.params);
    }
    await searchIndexerOf(migrated.db)!.drain();
    expect(answers(migrated)).toEqual(answers(reference));
  });

  it('indexes at start-up and at the next search what a crash left queued', async () => {
    const file = tmpFile();
    const first = await open(migrations, file);
    await addUsers(first.db);
    const now = new Date().toISOString();
    const insert = first.sqlite.prepare(`INSERT INTO entities (user_id, type, id, data, version, deleted, field_versions, created_at, updated_at)
      VALUES ('u1', 'note', ?, ?, 1, 0, '{}', ?, ?)`);
    // More than one drain's chunk, committed and never indexed: the process "dies" without draining.
    const many = DRAIN_CHUNK + 10;
    first.sqlite.transaction(() => {
      for (let i = 0; i < many; i++) insert.run(`n${i}`, JSON.stringify({ title: `Quokka ${i}`, content: 'kept' }), now, now);
    })();
    searchIndexerOf(first.db)!.close();
    expect(queued(first)).toBe(many);
    first.sqlite.close();

    const second = await open(migrations, file);
    expect(queued(second)).toBe(0);
    expect((await searchNotes(second.db, 'u1', 'quokka', 5000)).length).toBe(many);

    // Queued again with no start in between: the next search drains before it reads.
    second.sqlite.prepare(`UPDATE entities SET data = json_set(data, '$.title', 'Wombat') WHERE id = 'n3'`).run();
    expect(queued(second)).toBe(1);
    expect((await searchNotes(second.db, 'u1', 'wombat')).map((n) => n._id)).toEqual(['n3']);
    expect(queued(second)).toBe(0);
  });

  it('drains on its own shortly after a write transaction commits', async () => {
    const o = await open();
    await addUsers(o.db);
    const { sqliteWriteTransaction } = await import('../src/lib/transaction.js');
    const now = new Date().toISOString();
    await sqliteWriteTransaction(o.db, async (conn) => {
      await sql`INSERT INTO entities (user_id, type, id, data, version, deleted, field_versions, created_at, updated_at)
        VALUES ('u1', 'task', 't1', ${JSON.stringify({ title: 'Narwhal' })}, 1, 0, '{}', ${now}, ${now})`.execute(conn);
    });
    expect(queued(o)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_DELAY_MS * 3));
    expect(queued(o)).toBe(0);
    expect(o.sqlite.prepare(`SELECT title FROM search_fts WHERE search_fts MATCH 'narwhal'`).pluck().all()).toEqual(['Narwhal']);
  });
});
