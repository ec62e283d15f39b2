import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../src/config.js';
import { seedUser } from './kit.js';
import { SERVER_JS, startServerProcess } from './processes.js';

/**
 * Group commit under a crash (issue 14): 32 pushers, each a device of its own user, push 1–3 `task.create` at a
 * time to the compiled server in a child process, which shares one SQLite commit between the pushes of a loop
 * turn. It is killed with SIGKILL mid-stream; on the same DATA_DIR every mutation that was acknowledged is
 * there, and each device's rows are exactly its mutations up to the `lastMutationId` the store holds (no push
 * half-applied). The devices then resend what was not acknowledged (skipped if it had committed) and go on.
 */

const RUNS = Number(process.env.GROUP_CRASH_RUNS ?? 10);
const PUSHERS = 32;
const JWT_SECRET = randomBytes(32).toString('hex');

interface Pusher {
  clientId: string;
  userId: string;
  headers: Record<string, string>;
  /** The highest acknowledged mutation id. */
  acked: number;
  acks: number;
}

const taskId = (p: Pusher, id: number) => `${p.clientId}-${id}`;
const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Seeds the users and their sessions through the app on DATA_DIR (in this process), then closes it. */
async function seedPushers(dataDir: string): Promise<Pusher[]> {
  const config = loadConfig({}, { dataDir, databaseUrl: null, jwtSecret: JWT_SECRET, logLevel: 'silent', clientDist: null, rateLimits: DEFAULT_RATE_LIMITS });
  const app = await buildApp(config, { logger: false });
  await app.ready();
  try {
    const users = [];
    for (let i = 0; i < PUSHERS; i++) users.push(await seedUser(app));
    return users.map((u, i) => ({ clientId: `crash-pusher-${i}-xxxx`, userId: u.id, headers: { ...u.headers, 'content-type': 'application/json' }, acked: 0, acks: 0 }));
  } finally {
    await app.close();
  }
}

/** Pushes until the server dies: from the first unacknowledged id, 1–3 mutations a request. */
async function pushUntilDeath(base: string, p: Pusher, child: ChildProcess): Promise<void> {
  while (alive(child)) {
    const n = 1 + Math.floor(Math.random() * 3);
    const mutations = Array.from({ length: n }, (_, i) => ({ id: p.acked + 1 + i, name: 'task.create', args: { id: taskId(p, p.acked + 1 + i), title: `t${p.acked + 1 + i}` } }));
    let res: Response;
    try {
      res = await fetch(`${base}/api/sync/push`, { method: 'POST', headers: p.headers, body: JSON.stringify({ clientId: p.clientId, mutations }) });
      if (res.status === 429) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      const body = (await res.json()) as { lastMutationId: number; results: { status: string }[] };
      expect(res.status).toBe(200);
      expect(body.results.every((r) => r.status === 'applied' || r.status === 'skipped')).toBe(true);
      p.acked = body.lastMutationId;
      p.acks++;
    } catch (err) {
      if (alive(child) && !(err instanceof TypeError)) throw err;
      return; // the server died under us: this push was never acknowledged
    }
  }
}

/** What the store holds for each device, read from the file itself (SQLite recovers its WAL on open). */
function checkStore(dataDir: string, pushers: Pusher[]): number[] {
  const db = new Sqlite(path.join(dataDir, 'app.sqlite'));
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const last = db.prepare('SELECT last_mutation_id AS n FROM sync_client WHERE client_id = ?');
    const tasks = db.prepare("SELECT id FROM entities WHERE user_id = ? AND type = 'task' AND deleted = 0");
    return pushers.map((p) => {
      const stored = Number((last.get(p.clientId) as { n: number } | undefined)?.n ?? 0);
      // Every acknowledged mutation survived…
      expect(stored).toBeGreaterThanOrEqual(p.acked);
      // …and the device's rows are exactly its mutations 1..stored: none lost, none half-applied, none twice.
      const ids = (tasks.all(p.userId) as { id: string }[]).map((r) => r.id).sort();
      expect(ids).toEqual(Array.from({ length: stored }, (_, i) => taskId(p, i + 1)).sort());
      return stored;
    });
  } finally {
    db.close();
  }
}

describe.runIf(existsSync(SERVER_JS))('group commit across kill -9', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adhd-group-crash-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged mutation of ${PUSHERS} concurrent pushers across ${RUNS} SIGKILLs`, async () => {
    const pushers = await seedPushers(dataDir);
    let acknowledged = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = await startServerProcess(dataDir, { JWT_SECRET });
      if (!started.url) throw new Error(`server exited ${started.code}: ${started.output}`);
      const { child, url } = started;
      const acksBefore = pushers.reduce((a, p) => a + p.acks, 0);
      // SIGKILL at a random moment once the pushes flow (as many answers as pushers came back in this run).
      const killed = new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if (pushers.reduce((a, p) => a + p.acks, 0) < acksBefore + PUSHERS) return;
          clearInterval(poll);
          setTimeout(() => (child.kill('SIGKILL'), resolve()), Math.random() * 200);
        }, 1);
      });
      await Promise.all([killed, ...pushers.map((p) => pushUntilDeath(url, p, child))]);
      await new Promise((r) => (alive(child) ? child.once('exit', r) : r(null)));
      acknowledged += pushers.reduce((a, p) => a + p.acks, 0) - acksBefore;

      const stored = checkStore(dataDir, pushers);
      // The devices resend from what the store has (the answers lost with the process included).
      pushers.forEach((p, i) => (p.acked = stored[i]!));
    }
        expect(acknowledged).toBeGreaterThan(RUNS * PUSHERS);

    // A last start over HTTP: a device's pull sees what the file holds.
    const started = await startServerProcess(dataDir, { JWT_SECRET });
    try {
      const p = pushers[0]!;
      const res = await fetch(`${started.url}/api/sync/pull`, { method: 'POST', headers: p.headers, body: JSON.stringify({ clientId: p.clientId, cursor: 0, limit: 5000 }) });
      const page = (await res.json()) as { lastMutationId: number; changes: { id: string }[] };
      expect(page.lastMutationId).toBe(p.acked);
      expect(page.changes).toHaveLength(p.acked);
    } finally {
      started.child.kill('SIGKILL');
    }
  }, 90_000);
});
