import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openSqlite, type OpenedDatabase } from '../src/plugins/db.js';
import { findChildLinks, listLive, readPage } from '../src/modules/sync/repository.js';

/**
 * Migration 0007 on SQLite: the queries of a list page, of its children and of a pull's page sizes are answered
 * from the new indexes (the same answers are checked by the routes' and the sync suites on both stores).
 */
describe('0007_live_rows: query plans (SQLite)', () => {
  let dir: string;
  let opened: OpenedDatabase;
  const seen: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'live-rows-'));
    opened = openSqlite(path.join(dir, 'app.sqlite'));
    await migrateToLatest(opened.db);
    const prepare = opened.sqlite.prepare.bind(opened.sqlite);
    opened.sqlite.prepare = ((source: string) => (seen.push(source), prepare(source))) as Sqlite.Database['prepare'];
  });
  afterAll(async () => {
    await opened.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The plan of the last statement `run` prepared. */
  async function planOf(run: () => Promise<unknown>): Promise<string> {
    seen.length = 0;
    await run();
    const source = seen.at(-1)!;
    const params = Array.from(source.matchAll(/\?/g), () => null);
    return (opened.sqlite.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('; ');
  }

  it('finds a page of live rows through entities_live', async () => {
    expect(await planOf(() => listLive(opened.db, 'u', 'task', { limit: 100, offset: 5000 }))).toContain('USING INDEX entities_live ');
  });

  it("answers a page's live children from entities_live_children alone", async () => {
    expect(await planOf(() => findChildLinks(opened.db, 'u', 'task', ['a', 'b']))).toContain('USING COVERING INDEX entities_live_children');
  });

  it("sizes a pull's page from entities_version_size alone", async () => {
    const plan = await planOf(() => readPage(opened.db, 'u', 0, 5000, 4_000_000, 160));
    expect(plan).toContain('USING COVERING INDEX entities_version_size');
    // The page's rows: a range of the same index (no sort), up to the cut's last version.
    expect(plan).toMatch(/SEARCH entities USING INDEX entities_version_size \(user_id=\? AND version>\? AND version<\?\)/);
    expect(plan).not.toContain('TEMP B-TREE');
  });
});
