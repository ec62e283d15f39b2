import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, seedUser, withTestApp } from './kit.js';
import { expectSearchAsAtBackup, shown, syncedDevice, writeAfterBackup } from './restore.js';

/**
 * The PostgreSQL half of docs/operations.md, "Backing up" and "Restoring", done as written there: `pg_dump
 * --format=custom` while the app runs, more writes, stop, restore into an empty database with `pg_restore
 * --single-transaction`, start. A device that synced after the dump resets and ends with exactly the dump's
 * data. Runs in the server-pg project only (vitest.config.ts, PG_ONLY): each test app has a schema of its own,
 * so the dump and the restore are of that schema.
 */

const run = promisify(execFile);
/** The test app's schema, from the `search_path` its URL sets (server/test/stores.ts). */
const schemaOf = (url: string) => /search_path%3D(\w+)/.exec(url)?.[1] ?? /search_path=(\w+)/.exec(decodeURIComponent(url))![1]!;

let scratch: string;
let admin: pg.Pool;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'adhd-pg-backup-'));
  admin = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await admin.end();
});

describe('backup and restore on PostgreSQL (pg_dump, pg_restore)', () => {
  it("makes a device that synced after the dump reset, then hold exactly the dump's data", async () => {
    const fx = await makeTestApp();
    const url = fx.config.databaseUrl!;
    expect(fx.app.dbKind).toBe('postgres');
    const schema = schemaOf(url);
    try {
      const user = await seedUser(fx.app);
      const phone = await syncedDevice(fx.app, user);
      const atBackup = shown(phone);

      // Online: the app keeps its connections open while pg_dump reads one snapshot.
      const dump = path.join(scratch, 'adhd.dump');
      await run('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, process.env.TEST_DATABASE_URL!]);
      await writeAfterBackup(phone);
      expect(shown(phone)).not.toEqual(atBackup);
      await fx.app.close();

      // Restore into an empty database (here: the app's schema, dropped and recreated by pg_restore).
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await run('pg_restore', ['--no-owner', '--single-transaction', `--dbname=${process.env.TEST_DATABASE_URL!}`, dump]);

      await withTestApp({ dataDir: fx.dataDir, databaseUrl: url }, async (restored) => {
        const device = phone.moveTo(restored.app);
        const next = await device.pullPage();
        expect(next.reset).toBe(true);
        await device.pull();
        expect(shown(device)).toEqual(atBackup);
        // Search works on the restored copy (its index is restored with it and kept by its triggers).
        const found = await restored.app.inject({ method: 'GET', url: `/api/notes?q=${encodeURIComponent('прив')}`, headers: user.headers });
        expect((found.json() as { _id: string }[]).map((n) => n._id)).toEqual(['note-1']);
        await expectSearchAsAtBackup(restored.app, user);
      });
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    }
  });
});
