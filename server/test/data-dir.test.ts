import type { ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { readLastMail, registerUser } from './helpers.js';
import { DIST, nodeScript, SERVER_JS, startServerProcess } from './processes.js';

/**
 * One server per DATA_DIR, owner-only files, one JWT secret (issue 12, point 9).
 */

const REFUSAL = /Another server process is using DATA_DIR=(\S+) \(pid (\d+|unknown)\)\. Stop it first\./;

let dataDir: string;
const apps: FastifyInstance[] = [];
const children: ChildProcess[] = [];

const build = () => buildApp(loadConfig({}, { dataDir, logLevel: 'silent', clientDist: null }), { logger: false });

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'adhd-datadir-'));
});
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const app of apps.splice(0)) await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const mode = (file: string) => statSync(file).mode & 0o777;

describe('one server process per DATA_DIR', () => {
  it('refuses a second app on the same folder with a clear message, and frees it on close', async () => {
    const first = await build();
    apps.push(first);
    await expect(build()).rejects.toThrow(REFUSAL);
    const err = await build().catch((e: Error) => e);
    expect((err as Error).message).toContain(`DATA_DIR=${dataDir} (pid ${process.pid})`);

    await apps.pop()!.close();
    const second = await build();
    apps.push(second);
    expect((await second.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  const startServer = async () => {
    const started = await startServerProcess(dataDir, { JWT_SECRET: '' });
    children.push(started.child);
    return started;
  };

  it.runIf(existsSync(SERVER_JS))('lets exactly one of two processes started together run; the lock dies with its process', async () => {
    const results = await Promise.all([startServer(), startServer()]);
    const winners = results.filter((r) => r.url);
    const losers = results.filter((r) => !r.url);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]!.code).toBe(1);
    expect(losers[0]!.output).toMatch(REFUSAL);
    expect(losers[0]!.output).not.toMatch(/already exists|SQLITE/);
    const winner = children.find((c) => c.exitCode === null)!;
    expect(losers[0]!.output).toContain(`(pid ${winner.pid})`);
    expect((await fetch(`${winners[0]!.url}/api/health`)).status).toBe(200);

    // SIGKILL leaves no stale lock: the next process starts at once.
    winner.kill('SIGKILL');
    await new Promise((r) => winner.once('exit', r));
    const next = await startServer();
    expect(next.url, next.output).toBeTruthy();
  }, 60_000);

  it.runIf(existsSync(path.join(DIST, 'lib/secret-file.js')))('gives processes that create the secret at the same moment one secret', async () => {
    const file = path.join(dataDir, 'jwt-secret');
    const script = `import { readOrCreateSecret } from ${JSON.stringify(path.join(DIST, 'lib/secret-file.js'))};
      process.stdout.write(readOrCreateSecret(${JSON.stringify(file)}));`;
    const secrets = await Promise.all(
      Array.from({ length: 6 }, () => {
        const child = nodeScript(script, ['ignore', 'pipe', 'inherit']);
        return new Promise<string>((resolve) => {
          let out = '';
          child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
          child.on('exit', () => resolve(out));
        });
      }),
    );
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(new Set(secrets).size).toBe(1);
    expect(mode(file)).toBe(0o600);
  }, 30_000);
});

describe('file permissions', () => {
  it('keeps DATA_DIR 0700 and every file in it 0600', async () => {
    const app = await build();
    apps.push(app);
    await app.ready();
    const user = await registerUser(app); // writes the database and its WAL
    await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    await readLastMail(dataDir, user.email); // the reset mail, written to DATA_DIR/mail
    const files: string[] = [];
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          expect(mode(full), full).toBe(0o700);
          await walk(full);
        } else files.push(full);
      }
    };
    expect(mode(dataDir)).toBe(0o700);
    await walk(dataDir);
    for (const name of ['app.sqlite', 'app.sqlite-wal', 'app.sqlite-shm', 'jwt-secret', 'server.lock']) {
      expect(files).toContain(path.join(dataDir, name));
    }
    expect(files.some((f) => f.endsWith('.eml'))).toBe(true);
    for (const f of files) expect(mode(f), f).toBe(0o600);
  });
});
