import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlite, type OpenedDatabase } from '../../plugins/db.js';
import { migrations } from './index.js';

/** Migration 0005 on a database that already holds data: the byte totals and the tag index are backfilled. */

let dir: string;
let opened: OpenedDatabase;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'adhd-mig-'));
  opened = openSqlite(path.join(dir, 'app.sqlite'));
});
afterAll(async () => {
  await opened.db.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('0005_user_limits', () => {
  it('backfills sync_user.bytes from the live rows (UTF-8) and tag_refs from the live items', async () => {
    const { db, sqlite } = opened;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0002_notes_fts')).error).toBeUndefined();
    const now = new Date().toISOString();
    sqlite
      .prepare(
        `INSERT INTO users (id, email, name, password_hash, email_verified, marketing_consent, accepted_terms_at, role, disabled,
          timezone, week_start_day, clock_mode, brainrot_enabled, preferences, created_at, updated_at)
         VALUES ('u1', 'u1@example.com', 'U', 'x', 1, 0, ?, 'user', 0, 'UTC', 0, '12h', 0, '{}', ?, ?)`,
      )
      .run(now, now, now);
    const insert = sqlite.prepare(
      `INSERT INTO entities (user_id, type, id, data, parent_id, version, deleted, field_versions, created_at, updated_at)
       VALUES ('u1', ?, ?, ?, NULL, ?, ?, '{}', ?, ?)`,
    );
    const rows: [string, string, object, number][] = [
      ['tag', 'tg1', { name: 'a', color: '#fff', description: '' }, 0],
      ['task', 't1', { title: 'é', tags: ['tg1', 'tg2', 'tg1'] }, 0],
      ['note', 'n1', { title: 'n', content: 'c', tags: ['tg1'] }, 0],
      ['task', 't2', { title: 'gone', tags: ['tg1'] }, 1],
      ['folder', 'f1', { name: 'f', tags: ['tg1'] }, 0],
    ];
    rows.forEach(([type, id, data, deleted], i) => insert.run(type, id, JSON.stringify(data), i + 1, deleted, now, now));
    sqlite.prepare(`INSERT INTO sync_user (user_id, seq, min_version) VALUES ('u1', 5, 0)`).run();

    await migrateToLatest(db);

    const live = rows.filter(([, , , deleted]) => !deleted);
    const expected = live.reduce((n, [, , data]) => n + Buffer.byteLength(JSON.stringify(data)), 0);
    expect(sqlite.prepare(`SELECT bytes FROM sync_user WHERE user_id = 'u1'`).get()).toEqual({ bytes: expected });
    expect(sqlite.prepare(`SELECT tag_id, item_type, item_id FROM tag_refs ORDER BY tag_id, item_type, item_id`).all()).toEqual([
      { tag_id: 'tg1', item_type: 'note', item_id: 'n1' },
      { tag_id: 'tg1', item_type: 'task', item_id: 't1' },
      { tag_id: 'tg2', item_type: 'task', item_id: 't1' },
    ]);
    expect(sqlite.prepare(`SELECT count(*) AS n FROM epochs`).get()).toEqual({ n: 0 });
  });
});
