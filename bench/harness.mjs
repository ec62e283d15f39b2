// The benchmark harness shared by scripts/bench.mjs and the suites it runs (bench/security.mjs): the app server
// as a child process (bench/app-runner.mjs) with an IPC channel, temporary data folders, users and sessions
// written directly in SQL, and the event-loop measurement during concurrent logins (metric 7, security S3).
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { hash as argon2Hash } from '@node-rs/argon2';
import { median, newId, request, sleep } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const children = new Set();
const tempDirs = [];

export function tempDir(name) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `adhd-bench-${name}-`));
  tempDirs.push(dir);
  return dir;
}

function cleanup() {
  for (const c of children) {
    try {
      c.kill('SIGTERM');
    } catch {
      /* gone */
    }
  }
  if (process.env.BENCH_KEEP !== '1') for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
}
process.on('exit', cleanup);

/** Fork a server script; resolves once it reports its port. `call(cmd, args)` runs an IPC command in it. */
export function startChild(file, env = {}) {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(root, 'bench', file), [], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    let seq = 0;
    const pending = new Map();
    const onExit = (code) => {
      children.delete(child);
      for (const p of pending.values()) p.reject(new Error(`${file} exited (${code})`));
      reject(new Error(`${file} exited before it was ready (${code})`));
    };
    child.on('exit', onExit);
    child.on('message', (msg) => {
      if (msg?.type === 'ready') {
        resolve({
          port: msg.port,
          pid: msg.pid,
          call(cmd, args) {
            const id = ++seq;
            return new Promise((res, rej) => {
              pending.set(id, { resolve: res, reject: rej });
              child.send({ id, cmd, args });
            });
          },
          stop() {
            return new Promise((res) => {
              child.off('exit', onExit);
              child.once('exit', () => {
                children.delete(child);
                res();
              });
              child.kill('SIGTERM');
            });
          },
        });
        return;
      }
      const p = pending.get(msg?.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.result);
      else p.reject(new Error(msg.error));
    });
  });
}

/**
 * VmRSS and VmHWM of a process, in MB, and VmRSS split into anonymous memory (heaps, SQLite's page cache) and
 * file-backed pages (code, and the database file when SQLite memory-maps it; the kernel can drop those).
 */
export function procMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024, anonMb: kb('RssAnon') / 1024, fileMb: kb('RssFile') / 1024 };
}

// ---------------------------------------------------------------------------------------------------------
// Direct SQL: users and sessions (no Argon2 cost), as server/test/kit.ts does

export function openDb(file) {
  const db = new Database(file);
  db.pragma('busy_timeout = 10000');
  return db;
}

export function userInserter(db) {
  const user = db.prepare(
    `INSERT INTO users (id, email, name, password_hash, email_verified, accepted_terms_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, 1, ?, ?, ?)`,
  );
  const session = db.prepare(
    `INSERT INTO sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, NULL)`,
  );
  return (email, passwordHash = 'x') => {
    const id = newId();
    const sessionId = newId();
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 24 * 3600_000).toISOString();
    user.run(id, email, 'Bench User', passwordHash, now, now, now);
    session.run(sessionId, id, `bench-${sessionId}`, now, now, expires);
    return { id, sessionId, email };
  };
}

export async function withTokens(app, users) {
  const tokens = await app.call('tokens', { pairs: users.map((u) => [u.id, u.sessionId]) });
  users.forEach((u, i) => {
    u.headers = { authorization: `Bearer ${tokens[i]}` };
  });
  return users;
}

/**
 * Push `mutations` (each with its `id`) for one client as the sync engine does: a batch the server stopped at
 * its budget (`lastMutationId` short of the last id) continues from there. Throws unless every mutation was
 * applied; answers the number of requests it took.
 */
export async function pushAll(port, headers, clientId, mutations) {
  let rest = mutations;
  let requests = 0;
  while (rest.length) {
    if (++requests > 10_000) throw new Error('push: no progress');
    const res = await request(port, 'POST', '/api/sync/push', { clientId, schemaVersion: 1, mutations: rest }, headers);
    if (res.status !== 200) throw new Error(`push answered ${res.status}: ${res.text || JSON.stringify(res.json)}`);
    const bad = res.json.results.filter((r) => r.status !== 'applied' && r.status !== 'skipped');
    if (bad.length) throw new Error(`push: ${bad.length} mutations not applied: ${JSON.stringify(bad[0])}`);
    rest = rest.filter((m) => m.id > res.json.lastMutationId);
  }
  return requests;
}

/**
 * The app child's event-loop delay (and its longest loop turn, with the SQL inside it) for 3 s idle, then
 * during `count` concurrent `POST /api/auth/login` with the right password, one account each (Argon2id at the
 * app's cost; the accounts are written in SQL). Answers null when the build has no login route. Every answer
 * is counted by status: with the default limits (security S3) a 429 is a login the throttle refused instead of
 * evaluating.
 */
export async function measureLogins(app, db, { count = 50, say = console.log } = {}) {
  const probe = await request(app.port, 'POST', '/api/auth/login', { email: 'nobody@example.com', password: 'not-a-password-1' });
  if (probe.status === 404) {
    say('logins: POST /api/auth/login is not registered in this build: event-loop figure skipped');
    return null;
  }
  const password = 'correct horse battery staple 42';
  const cost = await app.call('argon2');
  const passwordHash = await argon2Hash(password, { algorithm: 2, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
  const add = userInserter(db);
  const users = Array.from({ length: count }, (_, i) => add(`login-${i}-${newId()}@example.com`, passwordHash));
  const login = async (u) => {
    const t0 = performance.now();
    const res = await request(app.port, 'POST', '/api/auth/login', { email: u.email, password });
    return { ok: res.status === 200 && typeof res.json?.token === 'string', status: res.status, ms: performance.now() - t0 };
  };
  // Warm-up: two logins (JIT, the dummy hash for unknown emails was made by the probe).
  for (const u of users.slice(0, 2)) {
    const r = await login(u);
    if (!r.ok) throw new Error(`login answered ${r.status}`);
  }
  say(`event loop: idle 3 s, then ${count} concurrent logins (Argon2id, production cost)…`);
  await app.call('lagStart', { traceSql: true });
  await sleep(3000);
  const idle = await app.call('lagStop');
  await app.call('lagStart', { traceSql: true });
  const t0 = performance.now();
  const results = await Promise.all(users.map(login));
  const wall = performance.now() - t0;
  const busy = await app.call('lagStop');
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const lat = results.map((r) => r.ms);
  const out = {
    idle,
    busy,
    wallMs: wall,
    loginP50: median(lat),
    loginMax: Math.max(...lat),
    cost,
    count,
    statuses,
    signedIn: results.filter((r) => r.ok).length,
    throttled: statuses[429] ?? 0,
    failed: results.filter((r) => !r.ok),
  };
  const st = busy.worstTurn;
  say(
    `  idle p99 ${idle.p99.toFixed(2)} ms; during logins p99 ${busy.p99.toFixed(2)} ms (max ${busy.max.toFixed(1)} ms); ` +
      `${count} logins in ${wall.toFixed(0)} ms (median ${out.loginP50.toFixed(0)} ms each; answers ${JSON.stringify(statuses)})` +
      (st ? `; longest loop turn ${st.ms.toFixed(0)} ms, of which ${st.sqlMs.toFixed(0)} ms in SQLite (${st.statements} statements, ${st.writes} writes)` : ''),
  );
  return out;
}
