import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { searchNotes } from '../src/modules/notes/repository.js';
import { search } from '../src/modules/search/repository.js';
import { useServerTest, type SeededUser, type TestApp } from './kit.js';

/**
 * The notes full-text index survives a dump and restore (issue 12, point 9). `restore` below does what
 * `sqlite3 app.sqlite .dump | sqlite3 copy.sqlite` does (tables, then rows, then indexes and triggers; FTS5
 * shadow tables copied as they are; rowids of tables without an INTEGER PRIMARY KEY not kept), and inserts the
 * `entities` rows in reverse order so that every note gets a different implicit rowid. Every search hit must
 * still name the right note, and later edits must keep the index right.
 */

const NOTES = 300;
const token = (i: number) => `tok${i}x`;
/** Tasks and inbox items of the search index (migration 0010), keyed the same way. */
const ITEMS = 200;
const itemToken = (i: number) => `itm${i}z`;

/** A pure-JS `.dump` + restore into `target`; `entities` rows go in reverse rowid order. */
function dumpAndRestore(source: string, target: string) {
  const src = new Sqlite(source, { readonly: true });
  const dst = new Sqlite(target);
  // Like the sqlite3 shell restoring a dump: the FTS5 shadow tables are written directly.
  dst.unsafeMode(true);
  const objects = src
    .prepare(`SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid`)
    .all() as { type: string; name: string; sql: string }[];
  const virtual = objects.filter((o) => o.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(o.sql)).map((o) => o.name);
  const copyRows = (table: string, order: string) => {
    const rows = src.prepare(`SELECT * FROM "${table}" ${order}`).all() as Record<string, unknown>[];
    if (!rows.length) return;
    const cols = Object.keys(rows[0]!);
    const insert = dst.prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
    for (const row of rows) insert.run(...cols.map((c) => row[c]));
  };
  dst.transaction(() => {
    for (const o of objects.filter((x) => x.type === 'table')) {
      const shadow = virtual.some((v) => ['data', 'idx', 'content', 'docsize', 'config'].some((suffix) => o.name === `${v}_${suffix}`));
      if (shadow || o.name === 'sqlite_sequence') {
        // Created with their virtual table (or by AUTOINCREMENT): replace their content with the source's.
        dst.prepare(`DELETE FROM "${o.name}"`).run();
      } else {
        dst.exec(o.sql);
      }
      if (!virtual.includes(o.name)) copyRows(o.name, o.name === 'entities' ? 'ORDER BY rowid DESC' : '');
    }
    for (const o of objects.filter((x) => x.type === 'index' || x.type === 'trigger')) dst.exec(o.sql);
  })();
  src.close();
  dst.close();
}

const t = useServerTest();
let other: SeededUser;
let restoredDir: string;

beforeAll(async () => {
  other = await t.seedUser();
  const now = new Date().toISOString();
  for (const owner of [other, t.user]) {
    const rows = Array.from({ length: NOTES }, (_, i) => ({
      user_id: owner.id,
      type: 'note',
      id: `${owner === t.user ? 'note' : 'other'}-${i}`,
      data: JSON.stringify({ title: `Note ${i}`, content: `body ${token(i)}`, folderId: null, tags: [], pinned: false }),
      version: i + 1,
      deleted: 0,
      field_versions: '{}',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100) await t.app.db.insertInto('entities').values(rows.slice(i, i + 100)).execute();
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      user_id: owner.id,
      type: i % 2 ? 'task' : 'inbox',
      id: `${owner === t.user ? 'item' : 'other'}-${i}`,
      data: JSON.stringify(i % 2 ? { title: `Task ${i}`, description: `about ${itemToken(i)}`, tags: [] } : { text: `idea ${itemToken(i)}`, source: 'app' }),
      version: NOTES + i + 1,
      deleted: 0,
      field_versions: '{}',
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < items.length; i += 100) await t.app.db.insertInto('entities').values(items.slice(i, i + 100)).execute();
  }
  await t.app.db.deleteFrom('entities').where('user_id', '=', t.user.id).where('id', 'in', ['item-5', 'item-6']).execute();
  // A few deleted notes leave gaps, as a real history does.
  await t.app.db.deleteFrom('entities').where('user_id', '=', t.user.id).where('id', 'in', ['note-3', 'note-4']).execute();

  restoredDir = await mkdtemp(path.join(os.tmpdir(), 'adhd-restore-'));
  dumpAndRestore(path.join(t.dataDir, 'app.sqlite'), path.join(restoredDir, 'app.sqlite'));
  await copyFile(path.join(t.dataDir, 'jwt-secret'), path.join(restoredDir, 'jwt-secret'));
});

afterAll(() => rm(restoredDir, { recursive: true, force: true }));

async function expectEveryHitRight(db: TestApp['app']['db'], skip: number[] = []) {
  let wrong = 0;
  for (let i = 0; i < NOTES; i++) {
    const hits = (await searchNotes(db, t.user.id, token(i))).map((n) => n._id);
    const expected = skip.includes(i) ? [] : [`note-${i}`];
    if (JSON.stringify(hits) !== JSON.stringify(expected)) wrong++;
  }
  expect(wrong).toBe(0);
}

describe('notes search after a dump and restore', () => {
  it('gives the restored notes other rowids (the restore really moves them)', () => {
    const a = new Sqlite(path.join(t.dataDir, 'app.sqlite'), { readonly: true });
    const b = new Sqlite(path.join(restoredDir, 'app.sqlite'), { readonly: true });
    const rowid = (db: Sqlite.Database, id: string) => (db.prepare(`SELECT rowid FROM entities WHERE id = ?`).get(id) as { rowid: number }).rowid;
    let moved = 0;
    for (let i = 5; i < NOTES; i++) if (rowid(a, `note-${i}`) !== rowid(b, `note-${i}`)) moved++;
    expect(moved).toBeGreaterThan(NOTES - 10);
    a.close();
    b.close();
  });

  it('finds every note by its own words before and after the restore', async () => {
    await expectEveryHitRight(t.app.db, [3, 4]);
    const config = loadConfig({}, { dataDir: restoredDir, logLevel: 'silent', clientDist: null });
    const restored = await buildApp(config, { logger: false });
    try {
      await expectEveryHitRight(restored.db, [3, 4]);
      // Another user's notes never show up, even with the same words.
      expect((await searchNotes(restored.db, other.id, token(7))).map((n) => n._id)).toEqual(['other-7']);

      // Edits after the restore replace the right index row and leave every other note's row alone.
      const put = await restored.inject({
        method: 'PUT',
        url: '/api/notes/note-10',
        headers: t.user.headers,
        payload: { title: 'Note 10', content: 'rewritten fresh words' },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await searchNotes(restored.db, t.user.id, 'fresh')).map((n) => n._id)).toEqual(['note-10']);
      await restored.db.deleteFrom('entities').where('user_id', '=', t.user.id).where('id', '=', 'note-20').execute();
      await expectEveryHitRight(restored.db, [3, 4, 10, 20]);
    } finally {
      await restored.close();
    }
  }, 60_000);
});

async function expectEveryItemRight(db: TestApp['app']['db'], skip: number[] = []) {
  let wrong = 0;
  for (let i = 0; i < ITEMS; i++) {
    const hits = (await search(db, t.user.id, itemToken(i), 'all', '2026-01-01')).results.map((r) => `${r.type}:${r.id}`);
    const expected = skip.includes(i) ? [] : [`${i % 2 ? 'task' : 'inbox'}:item-${i}`];
    if (JSON.stringify(hits) !== JSON.stringify(expected)) wrong++;
  }
  expect(wrong).toBe(0);
}

describe('search of tasks, events, habits and inbox after a dump and restore', () => {
  it('finds every item by its own words before and after the restore, and edits keep it right', async () => {
    await expectEveryItemRight(t.app.db, [5, 6]);
    const config = loadConfig({}, { dataDir: restoredDir, logLevel: 'silent', clientDist: null });
    const restored = await buildApp(config, { logger: false });
    try {
      await expectEveryItemRight(restored.db, [5, 6]);
      expect((await search(restored.db, other.id, itemToken(7), 'all', '2026-01-01')).results.map((r) => r.id)).toEqual(['other-7']);
      const put = await restored.inject({ method: 'PUT', url: '/api/tasks/item-11', headers: t.user.headers, payload: { description: 'fresh words' } });
      expect(put.statusCode, put.body).toBe(200);
      expect((await search(restored.db, t.user.id, 'fresh', 'task', '2026-01-01')).results.map((r) => r.id)).toEqual(['item-11']);
      await restored.db.deleteFrom('entities').where('user_id', '=', t.user.id).where('id', '=', 'item-20').execute();
      await expectEveryItemRight(restored.db, [5, 6, 11, 20]);
    } finally {
      await restored.close();
    }
  }, 60_000);
});
