import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateStore, migrateStoreCli, verifyTables } from '../src/cli/migrate-store.js';
import { openTarget } from '../src/cli/pg-target.js';
import { planTables } from '../src/cli/store-copy.js';
import { multipart } from './multipart.js';
import { makeTestApp, newClientId, pullAs, pushAs, seedUser, withTestApp, type TestApp } from './kit.js';

/**
 * Issue 14, "Moving and backing up": `npm run migrate-store -- --to postgres://…` copies a SQLite installation
 * with every kind of row into an empty PostgreSQL database, and the per-table counts and checksums agree; the
 * server then runs on the copy (search included) and devices carry on without a reset; a second run refuses.
 */

const PG_URL = process.env.TEST_DATABASE_URL;
if (!PG_URL) console.warn('\n*** migrate-store.test.ts: TEST_DATABASE_URL is not set, the PostgreSQL part was NOT run ***\n');

/** A SQLite installation with users, sessions, every entity type, tag refs, tombstones, rejections, codes. */
async function seedSqlite(fx: TestApp) {
  const ann = await seedUser(fx.app, 'ann@example.com');
  const bob = await seedUser(fx.app, 'bob@example.com');
  const phone = newClientId('phone');
  const day = '2026-01-02';
  const res = await pushAs(fx.app, ann, phone, [
    { id: 1, name: 'folder.create', args: { id: 'f1', name: 'Work' } },
    { id: 2, name: 'note.create', args: { id: 'n1', title: 'Привет мир', content: 'Заметка о встрече', folder: 'f1' } },
    { id: 3, name: 'note.create', args: { id: 'n2', title: 'Groceries', content: 'apples and bread' } },
    { id: 4, name: 'tag.create', args: { id: 'g1', name: 'home' } },
    { id: 5, name: 'task.create', args: { id: 't1', title: 'Parent' } },
    { id: 6, name: 'task.create', args: { id: 't2', title: 'Child', parent: 't1' } },
    { id: 7, name: 'tagRef.add', args: { tagId: 'g1', itemId: 't1', itemType: 'task' } },
    { id: 8, name: 'habit.create', args: { id: 'h1', title: 'Walk', startDate: day } },
    { id: 9, name: 'habit.setDay', args: { habitId: 'h1', date: day, status: 'complete' } },
    { id: 10, name: 'task.create', args: { id: 't3', title: 'Gone' } },
    { id: 11, name: 'task.delete', args: { id: 't3' } },
    // Rejected (a cycle): remembered in sync_rejection.
    { id: 12, name: 'task.move', args: { id: 't1', parent: 't2' } },
  ]);
  expect(res.statusCode).toBe(200);
  expect(res.json().results.at(-1)).toMatchObject({ status: 'rejected' });
  expect((await pushAs(fx.app, bob, newClientId('laptop'), [{ id: 1, name: 'task.create', args: { id: 't1', title: "Bob's" } }])).statusCode).toBe(200);
  // A registration code (email_codes) and a failed login (auth_events, an identity column on PostgreSQL).
  await fx.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: 'new@example.com', newUser: true, userName: 'N', marketingConsent: false, hasAcceptedTerms: true } });
  await fx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'wrong password' } });
  // A private calendar feed (calendar_feeds, migration 0009).
  expect((await fx.app.inject({ method: 'POST', url: '/api/calendar-feed', headers: ann.headers })).statusCode).toBe(200);
  // A server-wide setting (site_settings, migration 0012).
  await fx.app.db.insertInto('site_settings').values({ key: 'feature_toggles', value: '{"news":true}', updated_at: new Date().toISOString() }).execute();
  // A news item (news, migration 0013).
  await fx.app.db.insertInto('news').values({ id: 'nw1', title: 'Hello', content: 'First news', language: 'en', status: 'published', published_at: new Date().toISOString(), custom_layout: 0, display_path: 'hello', author_id: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).execute();
  // A path redirect (redirects, migration 0015).
  await fx.app.db.insertInto('redirects').values({ id: 'r1', from_path: '/old', target: '/tasks', created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).execute();
  // Feedback linked to an account (feedback, migration 0014).
  const form = multipart(['name', 'email', 'type', 'message'].map((name) => ({ name, value: name === 'email' ? 'ann@example.com' : name === 'type' ? 'bug' : 'Ann' })));
  expect((await fx.app.inject({ method: 'POST', url: '/api/feedback', payload: form.payload, headers: { ...ann.headers, ...form.headers } })).statusCode).toBe(201);
  const { page } = await pullAs(fx.app, ann, phone);
  return { ann, phone, page };
}

const rowCount = (db: Sqlite.Database, table: string) => Number(db.prepare(`select count(*) from "${table}"`).pluck().get());

describe('migrate-store without PostgreSQL', () => {
  it('refuses while a server runs on the data folder, and names a missing database', async () => {
    await withTestApp({ databaseUrl: null }, async (fx) => {
      await expect(migrateStore({ dataDir: fx.dataDir, to: 'postgres://nobody@127.0.0.1:1/none', io: { print() {}, error() {} } })).rejects.toThrow(
        /Another server process is using DATA_DIR=.* The store is moved with the server stopped/,
      );
    });
    const errors: string[] = [];
    const code = await migrateStoreCli(['--to', 'postgres://x@h/db', '--data-dir', '/nonexistent/adhd'], {}, { print() {}, error: (l) => errors.push(l) });
    expect(code).toBe(1);
    expect(errors.join('\n')).toMatch(/There is no database at \/nonexistent\/adhd\/app\.sqlite/);
    expect(await migrateStoreCli(['--to', 'mysql://x'], {}, { print() {}, error: () => {} })).toBe(2);
  });
});

describe.runIf(PG_URL)('migrate-store into PostgreSQL', () => {
  let admin: pg.Pool;
  let schema: string;
  let url: string;
  let fx: TestApp;
  let seeded: Awaited<ReturnType<typeof seedSqlite>>;

  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: PG_URL, max: 1 });
    schema = `m_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    url = `${PG_URL}${PG_URL!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    fx = await makeTestApp({ databaseUrl: null });
    seeded = await seedSqlite(fx);
    await fx.app.close();
    // A linked Telegram chat, a pending link code and the bot's state (migration 0011), written as the bot writes
    // them (the test server runs no bot).
    const db = new Sqlite(path.join(fx.dataDir, 'app.sqlite'));
    const annId = String(db.prepare(`select id from users where email = 'ann@example.com'`).pluck().get());
    db.prepare('insert into telegram_links (user_id, chat_id, username, linked_at) values (?, ?, ?, ?)').run(annId, '4242', 'ann_tg', '2026-11-28T00:00:00.000Z');
    db.prepare('insert into telegram_codes (code_hash, user_id, expires_at, used_at) values (?, ?, ?, null)').run('f'.repeat(64), annId, '2026-11-28T00:10:00.000Z');
    db.prepare('insert into telegram_state (key, value) values (?, ?)').run('offset', '17');
    // A Google Calendar connection (sealed tokens), one calendar and a pending authorisation (migration 0016).
    const at = '2026-11-28T00:00:00.000Z';
    db.prepare('insert into google_connections (user_id, access_token, refresh_token, expires_at, status, message, last_sync_at, created_at, updated_at) values (?, ?, ?, ?, ?, null, ?, ?, ?)').run(annId, 'v1.a.b.c', 'v1.d.e.f', at, 'connected', at, at, at);
    db.prepare('insert into google_calendars (user_id, calendar_id, summary, color, description, location, html_link, time_zone, is_primary, visible, position, sync_token, sync_time_min, sync_time_max) values (?, ?, ?, ?, null, null, null, ?, 1, 1, 0, ?, ?, ?)').run(annId, 'ann@example.com', 'Ann', '#0b8043', 'Europe/Berlin', 'sync-1', at, at);
    db.prepare('insert into google_oauth_states (state_hash, user_id, verifier, redirect_uri, created_at, expires_at, used_at) values (?, ?, ?, ?, ?, ?, null)').run('e'.repeat(64), annId, 'v1.g.h.i', 'http://localhost/api/google/calendar/callback', at, at);
    db.close();
  });
  afterAll(async () => {
    await rm(fx.dataDir, { recursive: true, force: true });
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('copies every table with equal counts and checksums; the server runs on the copy; a second run refuses', async () => {
    const out: string[] = [];
    const io = { print: (l: string) => out.push(l), error: (l: string) => out.push(l) };
    const checks = await migrateStore({ dataDir: fx.dataDir, to: url, io });
    const tables = checks.map((c) => c.table);
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'email_codes', 'auth_events', 'entities', 'sync_user', 'tag_refs', 'epochs', 'sync_client', 'sync_rejection', 'calendar_feeds', 'telegram_links', 'telegram_codes', 'telegram_state']));
    // Parents before children.
    expect(tables.indexOf('users')).toBeLessThan(tables.indexOf('entities'));
    expect(tables.indexOf('sync_client')).toBeLessThan(tables.indexOf('sync_rejection'));
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(out.join('\n')).toMatch(/entities\s+\d+\s+\d+\s+[0-9a-f]{16}\s+ok/);

    // Counted independently of the command: every table holds on PostgreSQL what it holds in SQLite.
    const source = new Sqlite(path.join(fx.dataDir, 'app.sqlite'), { readonly: true });
    const target = await openTarget(url);
    try {
      for (const table of tables) {
        const { rows } = await admin.query(`select count(*)::int as n from ${schema}."${table}"`);
        expect({ table, n: rows[0].n }).toEqual({ table, n: rowCount(source, table) });
        expect({ table, empty: rowCount(source, table) === 0 }).toEqual({ table, empty: false });
      }
      type EntityRow = { user_id: string; type: string; id: string };
      const key = (r: EntityRow) => `${r.user_id}/${r.type}/${r.id}`;
      const byKey = (rows: EntityRow[]) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : 1));
      const columns = 'user_id, type, id, data, parent_id, version, deleted, field_versions, created_at, updated_at';
      const pgEntities = (await admin.query(`select ${columns} from ${schema}.entities`)).rows as EntityRow[];
      expect(byKey(pgEntities)).toEqual(byKey(source.prepare(`select ${columns} from entities`).all() as EntityRow[]));

      // Statements on the copy's schema (its triggers name their tables without a schema).
      const onCopy = async (text: string) => (await sql.raw<Record<string, unknown>>(text).execute(target)).rows;
      // The checksum is not vacuous: one changed row makes its table differ.
      await onCopy("update entities set data = replace(data, 'Groceries', 'Groceries!') where id = 'n2'");
      const changed = await verifyTables(source, target, await planTables(source, target));
      expect(changed.filter((c) => !c.ok).map((c) => c.table)).toEqual(['entities']);
      await onCopy("update entities set data = replace(data, 'Groceries!', 'Groceries') where id = 'n2'");

      // A new auth event gets an id after the copied ones (the identity was moved on).
      const before = Number((await onCopy('select max(id) as m from auth_events'))[0]!.m);
      const inserted = await onCopy("insert into auth_events (kind, email, ip, at) values ('test', null, null, 0) returning id");
      expect(Number(inserted[0]!.id)).toBeGreaterThan(before);
      await onCopy("delete from auth_events where kind = 'test'");

      // The signing key moved too (every PostgreSQL instance reads it from the database).
      const jwtKey = (await onCopy("select value from server_secrets where name = 'jwt'"))[0]?.value;
      expect(jwtKey).toBe(readFileSync(path.join(fx.dataDir, 'jwt-secret'), 'utf8').trim());
      const tokenKey = (await onCopy("select value from server_secrets where name = 'token-key'"))[0]?.value;
      expect(tokenKey).toBe(readFileSync(path.join(fx.dataDir, 'token-key'), 'utf8').trim());
    } finally {
      source.close();
      await target.destroy();
    }

    // The server on the copy, with the same DATA_DIR (the same jwt-secret): search works, and the device that
    // synced against SQLite carries on from its cursor and epoch without a reset.
    const onPg = await makeTestApp({ dataDir: fx.dataDir, databaseUrl: url });
    try {
      const { app } = onPg;
      const { ann, phone, page } = seeded;
      const search = async (q: string) => (await app.inject({ method: 'GET', url: `/api/notes?q=${encodeURIComponent(q)}`, headers: ann.headers })).json() as { _id: string }[];
      expect((await search('прив')).map((n) => n._id)).toEqual(['n1']);
      expect((await search('встреч')).map((n) => n._id)).toEqual(['n1']);
      expect((await search('groc')).map((n) => n._id)).toEqual(['n2']);
      // The index of tasks and the rest (migration 0010) is rebuilt by the copy's triggers, deleted rows left out.
      const find = async (q: string) =>
        ((await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: ann.headers })).json() as { results: { type: string; id: string }[] }).results;
      expect(await find('paren')).toEqual([expect.objectContaining({ type: 'task', id: 't1' })]);
      expect(await find('gone')).toEqual([]);
      const next = (await pullAs(app, ann, phone, { cursor: page.cursor, epoch: page.epoch })).page;
      expect(next).toMatchObject({ reset: false, changes: [], lastMutationId: 12 });
      const push = await pushAs(app, ann, phone, [{ id: 13, name: 'task.create', args: { id: 't4', title: 'On PostgreSQL' } }]);
      expect(push.json().results).toEqual([expect.objectContaining({ id: 13, status: 'applied', version: page.cursor + 1 })]);
    } finally {
      // Only the app: its DATA_DIR is the SQLite installation, used again below.
      await onPg.app.close();
    }

    // A second run finds data and writes nothing.
    const errors: string[] = [];
    const code = await migrateStoreCli(['--to', url, '--data-dir', fx.dataDir], {}, { print() {}, error: (l) => errors.push(l) });
    expect(code).toBe(1);
    expect(errors.join('\n')).toMatch(/The target database is not empty: .*users/);
    const { rows } = await admin.query(`select count(*)::int as n from ${schema}.entities where id = 't4'`);
    expect(rows[0].n).toBe(1);
  });
});
