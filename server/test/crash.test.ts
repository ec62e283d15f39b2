import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOverHttp } from './register-over-http.mjs';
import { SERVER_JS, startServerProcess } from './processes.js';

/**
 * Crash safety (design/sync.md invariant 4, quality.md test 4): the real server runs as a child process, takes
 * pushes of 1,000 mutations in batches and is killed with SIGKILL at a random moment, mid-request included.
 * After a restart every acknowledged mutation is present, the retry of the unacknowledged tail applies exactly
 * once, and SQLite's integrity check is ok.
 */

const RUNS = Number(process.env.CRASH_RUNS ?? 20);
const PER_RUN = 1_000;
const BATCH = 25;

let dataDir: string;

async function startServer(): Promise<{ child: ChildProcess; base: string }> {
  const started = await startServerProcess(dataDir);
  if (!started.url) throw new Error(`server exited ${started.code}: ${started.output}`);
  return { child: started.child, base: started.url };
}

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

describe.runIf(existsSync(SERVER_JS))('crash safety with kill -9', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'adhd-crash-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged mutation across ${RUNS} random SIGKILLs`, async () => {
    let { child, base } = await startServer();
    const { token } = await registerOverHttp(base, dataDir, { email: 'crash@example.com', password: 'correct horse battery', name: 'Crash', hasAcceptedTerms: true });
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const clientId = 'crash-test-client';
    const acked = new Set<number>();
    let nextId = 1;
    const mutation = (id: number) => ({ id, name: 'task.create', args: { id: `task-${id}`, title: `Task ${id}`, priority: 'high' } });

    for (let run = 0; run < RUNS; run++) {
      const target = nextId + PER_RUN;
      const killAfter = 20 + Math.floor(Math.random() * 400);
      const killer = setTimeout(() => child.kill('SIGKILL'), killAfter);
      // The outbox: everything from the first unacknowledged id is resent until the server says it has it.
      while (nextId < target) {
        const batch = Array.from({ length: BATCH }, (_, i) => mutation(nextId + i));
        try {
          const res = await fetch(`${base}/api/sync/push`, { method: 'POST', headers, body: JSON.stringify({ clientId, mutations: batch }) });
          const body = await json(res);
          expect(res.status).toBe(200);
          for (let id = 1; id <= (body.lastMutationId as number); id++) acked.add(id);
          nextId = (body.lastMutationId as number) + 1;
        } catch (err) {
          if (child.exitCode === null && child.signalCode === null && !(err instanceof TypeError)) throw err;
          break; // the server died under us
        }
      }
      clearTimeout(killer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));

      const db = new Sqlite(path.join(dataDir, 'app.sqlite'));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();

      ({ child, base } = await startServer());
      const pulled = new Set<string>();
      let cursor = 0;
      let lastMutationId: number;
      for (;;) {
        const res = await fetch(`${base}/api/sync/pull`, { method: 'POST', headers, body: JSON.stringify({ clientId, cursor, limit: 5000 }) });
        const page = await json(res);
        for (const c of page.changes as { id: string }[]) pulled.add(c.id);
        cursor = page.cursor as number;
        lastMutationId = page.lastMutationId as number;
        if (!page.hasMore) break;
      }
      // Every acknowledged mutation survived the crash, and nothing beyond what the server confirms exists.
      expect(lastMutationId).toBeGreaterThanOrEqual(Math.max(0, ...acked));
      for (const id of acked) expect(pulled.has(`task-${id}`)).toBe(true);
      expect(pulled.size).toBe(lastMutationId);
      nextId = lastMutationId + 1;

      // Resending an already-applied tail is skipped, not applied twice.
      const replay = await fetch(`${base}/api/sync/push`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ clientId, mutations: [mutation(lastMutationId)] }),
      });
      if (lastMutationId > 0) expect(((await json(replay)).results as { status: string }[])[0]!.status).toBe('skipped');
    }
    child.kill('SIGKILL');
  }, 180_000);
});
