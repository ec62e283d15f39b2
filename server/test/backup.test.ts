import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupSqlite } from '../src/cli/backup.js';
import { makeTestApp, newClientId, seedUser, withTestApp } from './kit.js';
import { DIST, startServerProcess } from './processes.js';
import { registerOverHttp } from './register-over-http.mjs';
import { expectSearchAsAtBackup, shown, syncedDevice, writeAfterBackup } from './restore.js';
import { ScriptedClient } from './sync-client.js';

/**
 * Issue 14, "Moving and backing up": `npm run backup` copies the SQLite store with SQLite's backup API while the
 * server runs, and a restore (stop, replace app.sqlite, remove -wal/-shm, start) makes every device whose cursor
 * came from after the backup start over (docs/sync.md, "Database epoch"), ending with exactly the backup's data.
 */

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'adhd-backup-test-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The operator's restore (docs/operations.md): the server is stopped; the backup replaces app.sqlite. */
async function restore(dataDir: string, backup: string): Promise<void> {
  const db = path.join(dataDir, 'app.sqlite');
  for (const suffix of ['', '-wal', '-shm']) await rm(db + suffix, { force: true });
  await copyFile(backup, db);
}

describe('backup and restore', () => {
  it("restores an online backup: a device that synced after it resets, then holds exactly the backup's data", async () => {
    const fx = await makeTestApp();
    const user = await seedUser(fx.app);
    const phone = await syncedDevice(fx.app, user);
    const atBackup = shown(phone);

    // The backup runs on its own connection while the app holds the database open.
    const file = path.join(scratch, 'online.sqlite');
    const result = await backupSqlite({ dataDir: fx.dataDir, out: file });
    expect(result).toMatchObject({ file, bytes: statSync(file).size });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // The app keeps serving after the backup.
    await writeAfterBackup(phone);
    expect(shown(phone)).not.toEqual(atBackup);
    await fx.app.close();

    await restore(fx.dataDir, file);
    await withTestApp({ dataDir: fx.dataDir }, async (restored) => {
      const device = phone.moveTo(restored.app);
      const next = await device.pullPage();
      expect(next.reset).toBe(true);
      expect(next.epoch).not.toBe(phone.epoch);
      await device.pull();
      expect(shown(device)).toEqual(atBackup);
      await expectSearchAsAtBackup(restored.app, user);
      // And it syncs on from there.
      await device.mutate('task.create', { id: 'after-restore', title: 'new' });
      await device.push();
      await device.pull();
      expect((await device.pullPage()).reset).toBe(false);
      expect(device.liveRows('task').map((r) => r.id)).toContain('after-restore');
    });
  });

  it('resets the device by its epoch even when new writes carry the restored counter past its cursor', async () => {
    // epochRotateMs 0: the writes after the backup open an epoch the backup does not know.
    const fx = await makeTestApp({}, { syncLimits: { epochRotateMs: 0 } });
    const user = await seedUser(fx.app);
    const phone = await syncedDevice(fx.app, user);
    const atBackup = shown(phone);
    const file = path.join(scratch, 'epoch.sqlite');
    await backupSqlite({ dataDir: fx.dataDir, out: file });
    await writeAfterBackup(phone);
    await fx.app.close();

    await restore(fx.dataDir, file);
    await withTestApp({ dataDir: fx.dataDir }, {}, async (restored) => {
      // Another device writes more than was lost: the restored version counter passes the phone's cursor.
      const laptop = new ScriptedClient(restored.app, user.headers, newClientId('laptop'));
      for (let i = 1; i <= 10; i++) await laptop.mutate('task.create', { id: `laptop-${i}`, title: `Laptop ${i}` });
      await laptop.push();
      const device = phone.moveTo(restored.app);
      const next = await device.pullPage();
      expect(next.cursor).toBeGreaterThanOrEqual(device.cursor);
      expect(next.reset).toBe(true);
      await device.pull();
      await laptop.pull();
      expect(shown(device)).toEqual(shown(laptop));
      expect(shown(device).task.map((r) => r.id).sort()).toEqual([...atBackup.task.map((r) => r.id), ...Array.from({ length: 10 }, (_, i) => `laptop-${i + 1}`)].sort());
    });
  });

  it('refuses to overwrite a file and names a missing database', async () => {
    await withTestApp({}, async (fx) => {
      const file = path.join(scratch, 'twice.sqlite');
      await backupSqlite({ dataDir: fx.dataDir, out: file });
      await expect(backupSqlite({ dataDir: fx.dataDir, out: file })).rejects.toThrow(/already exists/);
    });
    await expect(backupSqlite({ dataDir: path.join(scratch, 'nowhere') })).rejects.toThrow(/There is no database at .*nowhere/);
  });
});

const CLI_JS = path.join(DIST, 'cli', 'main.js');

/** Runs `node dist/cli/main.js …args`; answers its exit code and output. */
function runCli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI_JS, ...args], { env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.runIf(existsSync(CLI_JS))('the backup command against a running server process', () => {
  it('copies a consistent database while pushes keep arriving, and names pg_dump for PostgreSQL', async () => {
    const dataDir = await mkdtemp(path.join(scratch, 'server-'));
    const started = await startServerProcess(dataDir);
    if (!started.url) throw new Error(`server exited ${started.code}: ${started.output}`);
    try {
      const { token } = await registerOverHttp(started.url, dataDir, { email: 'backup@example.com', password: 'correct horse battery', name: 'Backup', hasAcceptedTerms: true });
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      let pushed = 0;
      let done = false;
      const pushing = (async () => {
        // Pushes of 10 tasks each, one after the other, until the backup has finished (at least 3).
        while (!done || pushed < 30) {
          const mutations = Array.from({ length: 10 }, (_, i) => ({ id: pushed + i + 1, name: 'task.create', args: { id: `t-${pushed + i + 1}`, title: 'x' } }));
          const res = await fetch(`${started.url}/api/sync/push`, { method: 'POST', headers, body: JSON.stringify({ clientId: 'backup-cli-client', mutations }) });
          expect(res.status).toBe(200);
          pushed += 10;
        }
      })();
      const out = path.join(scratch, 'cli.sqlite');
      const run = await runCli(['backup', '--data-dir', dataDir, '--out', out]);
      done = true;
      await pushing;
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Backup written: ${out} (`);
      expect(statSync(out).mode & 0o777).toBe(0o600);

      const copy = new Sqlite(out, { readonly: true });
      try {
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        expect(copy.prepare('select email from users').pluck().all()).toEqual(['backup@example.com']);
        // One commit's state: every acknowledged push in the copy is whole, and the counters agree with the rows.
        const tasks = Number(copy.prepare("select count(*) from entities where type = 'task'").pluck().get());
        const last = Number(copy.prepare("select last_mutation_id from sync_client where client_id = 'backup-cli-client'").pluck().get() ?? 0);
        const seq = Number(copy.prepare('select seq from sync_user').pluck().get() ?? 0);
        const maxVersion = Number(copy.prepare('select max(version) from entities').pluck().get() ?? 0);
        expect(tasks).toBe(last);
        expect(tasks % 10).toBe(0);
        expect(seq).toBe(maxVersion);
        expect(tasks).toBeLessThanOrEqual(pushed);
      } finally {
        copy.close();
      }

      // The default file goes to DATA_DIR/backups.
      const byDefault = await runCli(['backup'], { DATA_DIR: dataDir });
      expect(byDefault.code).toBe(0);
      expect(byDefault.stdout).toMatch(new RegExp(`Backup written: ${path.join(dataDir, 'backups')}/app-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\dZ(-\\d+)?\\.sqlite \\(`));

      const pg = await runCli(['backup', '--data-dir', dataDir], { DATABASE_URL: 'postgres://adhd@db.example/adhd' });
      expect(pg.code).toBe(1);
      expect(pg.stderr).toContain('pg_dump --format=custom --file=');
      expect(pg.stderr).toContain('"$DATABASE_URL"');
      expect(pg.stderr).not.toContain('db.example');
    } finally {
      started.child.kill('SIGTERM');
      await new Promise((resolve) => started.child.once('exit', resolve));
    }
  });

  it('exits non-zero with a clear message when there is no database', async () => {
    const run = await runCli(['backup', '--data-dir', path.join(scratch, 'missing')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/There is no database at \S*missing\/app\.sqlite/);
    expect(run.stdout).toBe('');
  });
});
