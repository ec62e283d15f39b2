// `npm run bench`: the server benchmark suite (design/quality.md §3; method and results in docs/benchmarks.md).
//
// Every figure is reported as a ratio to a baseline measured in the same run, on the same machine:
//   1  authenticated GET /api/tasks?limit=100 req/s (autocannon)   vs a bare Fastify `hello` route
//   3  POST /api/sync/push with 1 mutation, req/s (autocannon)     vs the same `hello`
//   4  push of 50-mutation batches, sequential                     vs raw better-sqlite3: 50 INSERTs in one transaction
//   5  durability cost: the same pushes with synchronous=FULL       vs synchronous=NORMAL (server and raw)
//   6  full pull of 10k tasks over HTTP (5,000 a page)             vs the raw SELECT of the same rows
//   7  event-loop delay p99 during 50 concurrent Argon2id logins   vs idle
//  17  server RSS after 1,000 users × 1k tasks were read            vs the fresh process
//
// Then the client suite (bench/client.mjs, headless /usr/bin/chromium on the built PWA): metrics 8 (toggle →
// next frame), 10 (cold offline load vs network), 12 (first sync of 14k), 14 (convergence A → B) and 15
// (initial JS). It is skipped, with a message, when Chromium is missing or with --skip-client.
//
// The app server and the `hello` server run as child processes (the machine may have 2 cores: the load
// generator never shares the server's process). Targets are targets, not tests: the script exits 0 when one
// is missed, and prints which. It writes bench/results.json (git-ignored) and, with --update-docs, the results
// block of docs/benchmarks.md. Ratios that moved more than 10% against the previous results.json are listed;
// with --gate, one that got worse makes the exit code 1 (meant for a quiet machine: see docs/benchmarks.md).
//
// Then the security suite (bench/security.mjs, ids 200–203; issue 12): the time to refuse 1 MiB string fields,
// RSS after 100k distinct `x-timezone` spellings, the event-loop delay p99 during 50 concurrent logins with the
// default login throttling, and the longest loop block of one malformed-input or large-batch request. It has its
// own results block in docs/benchmarks.md. `--only security` runs it alone (results.json then holds only it).
//
// Options: --update-docs; --docs-only (rewrite the docs block from bench/results.json); --gate; --quick (short runs, for checking the script itself); --skip-client;
// --only security (build, then that suite alone);
// env BENCH_CONNECTIONS (default 32), BENCH_DURATION (s, default 8), BENCH_KEEP=1 keeps the temporary data.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import {
  INSERT_ENTITY_SQL,
  closeAgent,
  median,
  newId,
  percentile,
  request,
  rng,
  sleep,
  tagIdsFor,
  taskFields,
  taskRow,
} from '../bench/lib.mjs';
import { measureLogins, openDb, procMemory, pushAll, startChild, tempDir, userInserter, withTokens } from '../bench/harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = new Set(process.argv.slice(2));
/** `--only <suite>` (or `--only=<suite>`): run one suite alone. */
const ONLY = (() => {
  const args = process.argv.slice(2);
  const i = args.indexOf('--only');
  const value = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  if (value === undefined) return null;
  if (value !== 'security') {
    console.error(`[bench] --only ${value}: unknown suite (known: security)`);
    process.exit(2);
  }
  return value;
})();
const QUICK = argv.has('--quick');
const UPDATE_DOCS = argv.has('--update-docs');
const GATE = argv.has('--gate');
const SKIP_CLIENT = argv.has('--skip-client');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const DURATION = Number(process.env.BENCH_DURATION ?? (QUICK ? 2 : 8));
const WARMUP = QUICK ? 1 : 2;
const ROUNDS = 2;
const BIG_USER_TASKS = 10_000;
const PUSH_BATCHES = QUICK ? 10 : 40;
const PUSH_BATCH_SIZE = 50;
const PULL_RUNS = 5;
const PULL_PAGE = 5_000;
const LOGINS = 50;
const RSS_USERS = QUICK ? 100 : 1_000;
const RSS_TASKS_PER_USER = 1_000;

const started = performance.now();
const say = (msg) => console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${msg}`);
const ms = (x) => Math.round(x * 100) / 100;
/** A ratio to 3 significant digits (0.0142, 4.35). */
const r3s = (x) => Number(x.toPrecision(3));

// ---------------------------------------------------------------------------------------------------------
// Build

function build() {
  const tsc = path.join(root, 'node_modules', '.bin', 'tsc');
  say('tsc -b (shared + server)…');
  const r = spawnSync(tsc, ['-b'], { cwd: root, encoding: 'utf8' });
  const appJs = path.join(root, 'server', 'dist', 'app.js');
  if (r.status === 0) return { ok: true };
  const out = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  if (!existsSync(appJs)) {
    console.error(out);
    console.error('[bench] the build failed and server/dist/app.js does not exist: nothing to measure.');
    process.exit(1);
  }
  // tsc -b still emits JavaScript on type errors; other work in progress should not stop the bench.
  console.warn(`[bench] WARNING: tsc -b reported errors; measuring the emitted server/dist anyway:\n${out}`);
  return { ok: false, errors: out.split('\n').filter((l) => l.includes('error TS')).length };
}

process.on('SIGINT', () => process.exit(130));

// ---------------------------------------------------------------------------------------------------------
// Direct SQL

/** The app's read-side pragmas (page cache, memory-mapped I/O), read from its connection at the start. */
let appPragmas = {};

/** A read-only connection with the app's cache and mmap settings, for raw SELECT baselines. */
function openReadBaseline(file) {
  const db = new Database(file, { readonly: true });
  if (appPragmas.cache_size != null) db.pragma(`cache_size = ${Number(appPragmas.cache_size)}`);
  if (appPragmas.mmap_size != null) db.pragma(`mmap_size = ${Number(appPragmas.mmap_size)}`);
  return db;
}

// ---------------------------------------------------------------------------------------------------------
// Push helpers

/** A push client: sequential mutation ids, realistic task.create args, ~15% subtasks of earlier tasks. */
function pushClient(port, user, seed) {
  const rand = rng(seed);
  const tags = tagIdsFor(20);
  const recent = [];
  let nextId = 1;
  const clientId = `bench-${newId()}`;
  return {
    clientId,
    mutations(n) {
      const out = [];
      for (let i = 0; i < n; i++) {
        const id = newId();
        out.push({ id: nextId++, name: 'task.create', args: { id, ...taskFields(rand, tags, recent) } });
        recent.push(id);
        if (recent.length > 200) recent.shift();
      }
      return out;
    },
    /** Every mutation applied, in as many requests as the server's batch budget needs (answers that count). */
    push(mutations) {
      return pushAll(port, user.headers, clientId, mutations);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Benchmarks

async function cannon(opts) {
  const result = await autocannon({ connections: CONNECTIONS, pipelining: 1, ...opts });
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p90: result.latency.p90,
    max: result.latency.max,
    total: result.requests.total,
    errors,
  };
}

/**
 * Interleaved load tests: a warm-up of each target, then ROUNDS rounds in which every target runs for
 * DURATION / ROUNDS seconds in turn, so a neighbour's burst on a shared machine hits all targets alike. Per
 * target: the mean req/s over the rounds and the worst p99 of any round (conservative). With `server` (the app
 * child), its event-loop delay and GC pauses are recorded during the measured runs.
 */
async function loadTests(targets) {
  for (const t of targets) {
    say(`${t.label}: warm-up ${WARMUP} s…`);
    await cannon({ ...t.opts, duration: WARMUP });
  }
  const runs = new Map(targets.map((t) => [t.label, []]));
  const slice = DURATION / ROUNDS;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of targets) {
      if (t.server) await t.server.call('lagStart');
      const r = await cannon({ ...t.opts, duration: slice });
      if (t.server) r.server = await t.server.call('lagStop');
      runs.get(t.label).push(r);
      const diag = r.server
        ? `; server loop delay p99 ${r.server.p99.toFixed(1)} ms, max ${r.server.max.toFixed(0)} ms; GC ${r.server.gc.count}× ${r.server.gc.totalMs.toFixed(0)} ms (longest ${r.server.gc.maxMs.toFixed(1)} ms)`
        : '';
      say(
        `  round ${round}/${ROUNDS} ${t.label}, ${slice} s at c=${CONNECTIONS}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p90 ${r.p90} ms, ` +
          `p99 ${r.p99} ms, max ${r.max} ms${r.errors ? `, ${r.errors} errors/non-2xx` : ''}${diag}`,
      );
    }
  }
  const out = {};
  for (const t of targets) {
    const rs = runs.get(t.label);
    const worst = (k) => Math.max(...rs.map((r) => r[k]));
    out[t.key] = {
      rps: rs.reduce((a, r) => a + r.rps, 0) / rs.length,
      rounds: rs.map((r) => Math.round(r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p90: worst('p90'),
      p99: worst('p99'),
      max: worst('max'),
      errors: rs.reduce((a, r) => a + r.errors, 0),
      server: rs[0].server
        ? {
            loopDelayP99Ms: ms(Math.max(...rs.map((r) => r.server.p99))),
            loopDelayMaxMs: ms(Math.max(...rs.map((r) => r.server.max))),
            gcCount: rs.reduce((a, r) => a + r.server.gc.count, 0),
            gcTotalMs: ms(rs.reduce((a, r) => a + r.server.gc.totalMs, 0)),
            gcLongestMs: ms(Math.max(...rs.map((r) => r.server.gc.maxMs))),
          }
        : undefined,
    };
  }
  return out;
}

/**
 * The SQL floor of GET /api/tasks?limit=100: the route's three queries (session, page, children of the page)
 * run directly through better-sqlite3 with cached statements. 1000 / floor is the most req/s one core could
 * serve even if HTTP, auth, JSON and Kysely cost nothing.
 */
function tasksSqlFloor(dbFile, user) {
  const db = openReadBaseline(dbFile);
  const session = db.prepare(
    'SELECT s.id, s.user_id, s.expires_at, u.role, u.disabled FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.id = ?',
  );
  // The page and the children's parent links, as server/src/modules/tasks/repository.ts reads them.
  const cols = 'type, id, data, parent_id, version, deleted, created_at, updated_at';
  const page = db.prepare(`SELECT ${cols} FROM entities WHERE user_id = ? AND type = ? AND deleted = ? ORDER BY id LIMIT ? OFFSET ?`);
  const ids = page.all(user.id, 'task', 0, 100, 0).map((r) => r.id);
  const kids = db.prepare(
    `SELECT id, parent_id FROM entities WHERE user_id = ? AND type = ? AND parent_id IN (${ids.map(() => '?').join(', ')}) AND deleted = ?`,
  );
  const once = () => {
    session.get(user.sessionId);
    const rows = page.all(user.id, 'task', 0, 100, 0);
    kids.all(user.id, 'task', ...rows.map((r) => r.id), 0);
  };
  for (let i = 0; i < 50; i++) once();
  const n = 500;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) once();
  const floorMs = (performance.now() - t0) / n;
  db.close();
  return floorMs;
}

async function seedBigUser(app, db) {
  const [user] = await withTokens(app, [userInserter(db)(`big-${newId()}@example.com`)]);
  const client = pushClient(app.port, user, 10);
  const t0 = performance.now();
  for (let done = 0; done < BIG_USER_TASKS; done += 1000) await client.push(client.mutations(1000));
  const count = db.prepare("SELECT count(*) AS n FROM entities WHERE user_id = ? AND type = 'task'").get(user.id).n;
  if (count !== BIG_USER_TASKS) throw new Error(`seeded ${count} tasks instead of ${BIG_USER_TASKS}`);
  say(`seeded one user with ${count} tasks through POST /api/sync/push (10 × 1,000) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return user;
}

async function benchHttp(app, hello, user, pushUser) {
  const check = await request(app.port, 'GET', '/api/tasks?limit=100', undefined, user.headers);
  if (check.status !== 200 || check.json.length !== 100) throw new Error(`GET /api/tasks answered ${check.status}`);

  // One mutation per push, each from a new client id (mutation id 1), so concurrent pushes never conflict.
  const rand = rng(3);
  const tags = tagIdsFor(20);
  const push1 = {
    url: `http://127.0.0.1:${app.port}/api/sync/push`,
    requests: [
      {
        method: 'POST',
        path: '/api/sync/push',
        headers: { ...pushUser.headers, 'content-type': 'application/json' },
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({
            clientId: `c1-${newId()}`,
            schemaVersion: 1,
            mutations: [{ id: 1, name: 'task.create', args: { id: newId(), ...taskFields(rand, tags) } }],
          }),
        }),
      },
    ],
  };
  const { helloRun, tasksRun, push1Run } = await loadTests([
    { key: 'helloRun', label: 'bare Fastify hello', opts: { url: `http://127.0.0.1:${hello.port}/` } },
    {
      key: 'tasksRun',
      label: 'GET /api/tasks?limit=100',
      opts: { url: `http://127.0.0.1:${app.port}/api/tasks?limit=100`, headers: user.headers },
      server: app,
    },
    { key: 'push1Run', label: 'POST /api/sync/push (1 mutation)', opts: push1, server: app },
  ]);
  const sqlFloorMs = tasksSqlFloor(app.dbFile, user);
  say(`  SQL floor of GET /api/tasks?limit=100 (3 queries, cached statements): ${(sqlFloorMs * 1000).toFixed(0)} µs → at most ${(1000 / sqlFloorMs).toFixed(0)} req/s on one core`);
  return { helloRun, tasksRun, push1Run, sqlFloorMs, bodyBytes: check.bytes };
}

/** Sequential pushes of `batches` × 50 task.create; answers total ms and per-push latencies. */
async function timedPushes(client, batches) {
  const batchesOfMutations = Array.from({ length: batches }, () => client.mutations(PUSH_BATCH_SIZE));
  const lat = [];
  const t0 = performance.now();
  for (const m of batchesOfMutations) {
    const s = performance.now();
    await client.push(m);
    lat.push(performance.now() - s);
  }
  return { ms: performance.now() - t0, p50: median(lat), p99: percentile(lat, 99) };
}

/** Raw better-sqlite3 baseline: the same row shape, 50 INSERTs per BEGIN IMMEDIATE transaction. */
function rawInserts(file, synchronous, batches, schemaSql) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (appPragmas.cache_size != null) db.pragma(`cache_size = ${Number(appPragmas.cache_size)}`);
  if (appPragmas.mmap_size != null) db.pragma(`mmap_size = ${Number(appPragmas.mmap_size)}`);
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entities'").get()) {
    db.pragma('foreign_keys = OFF'); // the raw table has no users table to reference
    for (const s of schemaSql) db.exec(s);
  }
  const userId = newId();
  const insert = db.prepare(INSERT_ENTITY_SQL);
  const tx = db.transaction((rows) => {
    for (const r of rows) insert.run(r);
  });
  const rand = rng(4);
  const tags = tagIdsFor(20);
  let version = 0;
  const recent = [];
  const make = () =>
    Array.from({ length: PUSH_BATCH_SIZE }, () => {
      const id = newId();
      const row = taskRow(userId, id, taskFields(rand, tags, recent), ++version, new Date().toISOString());
      recent.push(id);
      if (recent.length > 200) recent.shift();
      return row;
    });
  for (let i = 0; i < 5; i++) tx.immediate(make()); // warm-up
  // Rows are built inside the timed loop, as the server builds its rows inside its push.
  const lat = [];
  const t0 = performance.now();
  for (let i = 0; i < batches; i++) {
    const s = performance.now();
    tx.immediate(make());
    lat.push(performance.now() - s);
  }
  const total = performance.now() - t0;
  db.close();
  return { ms: total, p50: median(lat), p99: percentile(lat, 99) };
}

async function benchPush(app, db, pushUser, rawDir) {
  const schemaSql = db
    // The table, then its indexes. Triggers are left out: they only fire for notes (the FTS index), and the
    // baseline inserts tasks.
    .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = 'entities' AND type IN ('table', 'index') AND sql IS NOT NULL ORDER BY type DESC")
    .all()
    .map((r) => r.sql.replace(/REFERENCES\s+"?users"?\s*\("?id"?\)(\s+ON DELETE CASCADE)?/i, ''));
  const client = pushClient(app.port, pushUser, 5);
  say(`push: ${PUSH_BATCHES} sequential pushes of ${PUSH_BATCH_SIZE} task.create (synchronous=FULL)…`);
  await timedPushes(client, 5); // warm-up
  const full = await timedPushes(client, PUSH_BATCHES);
  await app.call('synchronous', { mode: 'NORMAL' });
  await timedPushes(client, 2);
  const normal = await timedPushes(client, PUSH_BATCHES);
  await app.call('synchronous', { mode: 'FULL' });
  say(`raw better-sqlite3: ${PUSH_BATCHES} transactions of ${PUSH_BATCH_SIZE} INSERTs, FULL then NORMAL…`);
  const rawFull = rawInserts(path.join(rawDir, 'raw-full.sqlite'), 'FULL', PUSH_BATCHES, schemaSql);
  const rawNormal = rawInserts(path.join(rawDir, 'raw-normal.sqlite'), 'NORMAL', PUSH_BATCHES, schemaSql);
  const n = PUSH_BATCHES * PUSH_BATCH_SIZE;
  const rate = (t) => (n / t) * 1000;
  say(
    `  push FULL ${rate(full.ms).toFixed(0)} mut/s (${(full.ms / PUSH_BATCHES).toFixed(2)} ms/push), NORMAL ${rate(normal.ms).toFixed(0)} mut/s; ` +
      `raw FULL ${rate(rawFull.ms).toFixed(0)} mut/s, raw NORMAL ${rate(rawNormal.ms).toFixed(0)} mut/s`,
  );
  return { full, normal, rawFull, rawNormal, n };
}

async function benchPull(app, dbFile, user) {
  const clientId = `pull-${newId()}`;
  const fullPull = async () => {
    let cursor = 0;
    let count = 0;
    let bytes = 0;
    let pages = 0;
    let parseMs = 0;
    for (;;) {
      const res = await request(app.port, 'POST', '/api/sync/pull', { clientId, cursor, limit: PULL_PAGE, schemaVersion: 1 }, user.headers);
      if (res.status !== 200) throw new Error(`pull answered ${res.status}`);
      count += res.json.changes.length;
      bytes += res.bytes;
      parseMs += res.parseMs;
      pages++;
      cursor = res.json.cursor;
      if (!res.json.hasMore) break;
    }
    return { count, bytes, pages, parseMs };
  };
  say(`pull: full pull of ${BIG_USER_TASKS} tasks over HTTP (pages of ${PULL_PAGE}), 1 warm-up + ${PULL_RUNS} runs…`);
  const first = await fullPull();
  if (first.count !== BIG_USER_TASKS) throw new Error(`pull returned ${first.count} changes`);
  // Baselines on a separate read-only connection to the same file (its pages are in the OS cache by now).
  // HTTP and raw runs are interleaved, so drift on a shared machine affects both alike.
  const db = openReadBaseline(dbFile);
  const select = db.prepare(
    'SELECT type, id, data, parent_id, version, deleted, created_at, updated_at FROM entities WHERE user_id = ? AND version > 0 ORDER BY version',
  );
  let rows = 0;
  const selectOnly = () => {
    rows = select.all(user.id).length;
  };
  const selectParse = () => {
    for (const r of select.all(user.id)) r.data = JSON.parse(r.data);
  };
  const timeIt = async (fn) => {
    const t0 = performance.now();
    await fn();
    return performance.now() - t0;
  };
  selectOnly();
  selectParse();
  const http = [];
  const clientParse = [];
  const rawSelect = [];
  const rawParse = [];
  for (let i = 0; i < PULL_RUNS; i++) {
    let parseMs = 0;
    http.push(
      await timeIt(async () => {
        parseMs = (await fullPull()).parseMs;
      }),
    );
    clientParse.push(parseMs);
    rawSelect.push(await timeIt(selectOnly));
    rawParse.push(await timeIt(selectParse));
  }
  db.close();
  if (rows !== BIG_USER_TASKS) throw new Error(`raw SELECT returned ${rows} rows`);
  const out = {
    httpMs: median(http),
    httpAll: http,
    clientParseMs: median(clientParse),
    selectMs: median(rawSelect),
    selectParseMs: median(rawParse),
    bytes: first.bytes,
    pages: first.pages,
  };
  say(
    `  pull ${out.httpMs.toFixed(1)} ms (median; ${(out.bytes / 1e6).toFixed(2)} MB in ${out.pages} pages); ` +
      `of which client JSON.parse ${out.clientParseMs.toFixed(1)} ms; raw SELECT ${out.selectMs.toFixed(1)} ms; SELECT + JSON.parse(data) ${out.selectParseMs.toFixed(1)} ms`,
  );
  return out;
}

async function benchLogins(app, db) {
  const out = await measureLogins(app, db, { count: LOGINS, say });
  if (out?.failed.length) throw new Error(`${out.failed.length} logins failed (first status ${out.failed[0].status})`);
  return out;
}

async function benchRss() {
  const dir = tempDir('rss');
  const app = await startChild('app-runner.mjs', { BENCH_DATA_DIR: dir });
  await sleep(1000);
  const fresh = procMemory(app.pid);
  say(`RSS: fresh server ${fresh.rssMb.toFixed(1)} MB; seeding ${RSS_USERS} users × ${RSS_TASKS_PER_USER} tasks directly in SQL…`);

  const db = openDb(path.join(dir, 'app.sqlite'));
  db.pragma('synchronous = OFF'); // this connection only: seeding speed, not durability
  const add = userInserter(db);
  const insert = db.prepare(INSERT_ENTITY_SQL);
  const seq = db.prepare('INSERT INTO sync_user (user_id, seq, min_version) VALUES (?, ?, 0)');
  const users = [];
  const t0 = performance.now();
  const seedUsers = db.transaction((count) => {
    for (let u = 0; u < count; u++) {
      const user = add(`rss-${users.length}-${newId()}@example.com`);
      users.push(user);
      const rand = rng(1000 + users.length);
      const tags = tagIdsFor(10);
      const ids = [];
      const now = new Date().toISOString();
      for (let v = 1; v <= RSS_TASKS_PER_USER; v++) {
        const id = newId();
        insert.run(taskRow(user.id, id, taskFields(rand, tags, ids.slice(-50)), v, now));
        ids.push(id);
      }
      seq.run(user.id, RSS_TASKS_PER_USER);
    }
  });
  for (let done = 0; done < RSS_USERS; done += 50) seedUsers(Math.min(50, RSS_USERS - done));
  db.pragma('wal_checkpoint(TRUNCATE)');
  const rowCount = db.prepare('SELECT count(*) AS n FROM entities').get().n;
  db.close();
  const seedS = (performance.now() - t0) / 1000;
  say(`  ${rowCount.toLocaleString('en')} rows in ${seedS.toFixed(1)} s; every user now reads GET /api/tasks?limit=100 once…`);

  await withTokens(app, users);
  let next = 0;
  let bad = 0;
  const worker = async () => {
    while (next < users.length) {
      const u = users[next++];
      const res = await request(app.port, 'GET', '/api/tasks?limit=100', undefined, u.headers);
      if (res.status !== 200 || res.json.length !== 100) bad++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  if (bad) throw new Error(`${bad} users could not read their tasks`);
  await sleep(1000);
  const after = procMemory(app.pid);
  const heap = await app.call('memory');
  // Not part of the target: the same users each pulling everything once (a fleet resyncing), for the worst case
  // of SQLite's page cache and memory-mapped file pages.
  next = 0;
  const puller = async () => {
    while (next < users.length) {
      const u = users[next++];
      const res = await request(app.port, 'POST', '/api/sync/pull', { clientId: `rss-${u.id}`, cursor: 0, limit: PULL_PAGE, schemaVersion: 1 }, u.headers);
      if (res.status !== 200 || res.json.changes.length !== RSS_TASKS_PER_USER) bad++;
    }
  };
  await Promise.all(Array.from({ length: 8 }, puller));
  if (bad) throw new Error(`${bad} users could not pull their tasks`);
  await sleep(1000);
  const afterPulls = procMemory(app.pid);
  say(
    `  after every user also pulled everything once: VmRSS ${afterPulls.rssMb.toFixed(1)} MB (+${(afterPulls.rssMb - fresh.rssMb).toFixed(1)} MB: ` +
      `anonymous +${(afterPulls.anonMb - fresh.anonMb).toFixed(0)}, file-backed +${(afterPulls.fileMb - fresh.fileMb).toFixed(0)} MB)`,
  );
  // Not a quality.md metric: how long the daily maintenance pass blocks the event loop at this size.
  const maintenance = await app.call('maintenance');
  if (maintenance) say(`  maintenance pass over ${rowCount.toLocaleString('en')} rows: ${maintenance.ms.toFixed(0)} ms (event-loop delay max ${maintenance.loopDelayMaxMs.toFixed(0)} ms)`);
  await app.stop();
  const out = {
    freshMb: fresh.rssMb,
    afterMb: after.rssMb,
    peakMb: after.hwmMb,
    deltaMb: after.rssMb - fresh.rssMb,
    anonDeltaMb: after.anonMb - fresh.anonMb,
    fileDeltaMb: after.fileMb - fresh.fileMb,
    afterPullsDeltaMb: afterPulls.rssMb - fresh.rssMb,
    afterPullsAnonDeltaMb: afterPulls.anonMb - fresh.anonMb,
    afterPullsFileDeltaMb: afterPulls.fileMb - fresh.fileMb,
    heapUsedMb: heap.heapUsed / 2 ** 20,
    rows: rowCount,
    seedS,
    maintenanceMs: maintenance?.ms ?? null,
    maintenanceLagMaxMs: maintenance?.loopDelayMaxMs ?? null,
  };
  say(
    `  RSS ${out.freshMb.toFixed(1)} → ${out.afterMb.toFixed(1)} MB (+${out.deltaMb.toFixed(1)} MB; peak ${out.peakMb.toFixed(1)} MB): ` +
      `anonymous ${fresh.anonMb.toFixed(0)} → ${after.anonMb.toFixed(0)} MB, file-backed ${fresh.fileMb.toFixed(0)} → ${after.fileMb.toFixed(0)} MB; V8 heap used ${out.heapUsedMb.toFixed(1)} MB`,
  );
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Report

function machine() {
  const cpuinfo = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  return {
    cpus: os.cpus().length,
    model,
    mem: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
  };
}

/** Share of all CPUs busy during `msWindow` while this script sleeps: other work on the machine. */
async function foreignCpu(msWindow = 2000) {
  const read = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    return { idle, total: f.reduce((a, b) => a + b, 0) };
  };
  if (!existsSync('/proc/stat')) return null;
  const a = read();
  await sleep(msWindow);
  const b = read();
  return 1 - (b.idle - a.idle) / Math.max(1, b.total - a.total);
}

function git(args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** A metric: checks are [label, ok] pairs; pass is null when the metric has no target (reported only). */
function metric(m) {
  const checks = m.checks ?? [];
  return { ...m, pass: checks.length ? checks.every((c) => c.ok) : null };
}

function buildMetrics({ http, push, pull, lag, rss }) {
  const metrics = [];
  if (http) {
    const ratio = http.tasksRun.rps / http.helloRun.rps;
    metrics.push(
      metric({
        id: 1,
        name: 'authenticated GET /api/tasks?limit=100',
        value: Math.round(http.tasksRun.rps),
        unit: 'req/s',
        extra: {
          p50Ms: http.tasksRun.p50,
          p90Ms: http.tasksRun.p90,
          p99Ms: http.tasksRun.p99,
          maxMs: http.tasksRun.max,
          errors: http.tasksRun.errors,
          connections: CONNECTIONS,
          responseBytes: http.bodyBytes,
          sqlFloorUs: Math.round(http.sqlFloorMs * 1000),
          sqlCeilingRps: Math.round(1000 / http.sqlFloorMs),
          server: http.tasksRun.server,
        },
        baseline: { name: 'bare Fastify hello', value: Math.round(http.helloRun.rps), unit: 'req/s', p99Ms: http.helloRun.p99 },
        ratio: r3s(ratio),
        target: '≥ 0.35×; p99 ≤ 15 ms',
        checks: [
          { label: 'ratio ≥ 0.35', ok: ratio >= 0.35 },
          { label: 'p99 ≤ 15 ms', ok: http.tasksRun.p99 <= 15 },
        ],
        note:
          `p99 ${http.tasksRun.p99} ms (hello p99 ${http.helloRun.p99} ms), c=${CONNECTIONS}, ${(http.bodyBytes / 1024).toFixed(0)} KiB per response; ` +
          `the route's 3 queries alone take ${(http.sqlFloorMs * 1000).toFixed(0)} µs (ceiling ${(1000 / http.sqlFloorMs).toFixed(0)} req/s = ${(1000 / http.sqlFloorMs / http.helloRun.rps).toFixed(2)}× hello)`,
      }),
    );
    const r3 = http.push1Run.rps / http.helloRun.rps;
    metrics.push(
      metric({
        id: 3,
        name: 'POST /api/sync/push, 1 mutation',
        value: Math.round(http.push1Run.rps),
        unit: 'req/s',
        extra: { p50Ms: http.push1Run.p50, p99Ms: http.push1Run.p99, maxMs: http.push1Run.max, errors: http.push1Run.errors, server: http.push1Run.server },
        baseline: { name: 'bare Fastify hello', value: Math.round(http.helloRun.rps), unit: 'req/s' },
        ratio: r3s(r3),
        target: '≥ 0.2×',
        checks: [{ label: 'ratio ≥ 0.2', ok: r3 >= 0.2 }],
        note: `p99 ${http.push1Run.p99} ms; each request a new client, synchronous=FULL`,
      }),
    );
  }
  if (push) {
    const rate = (t) => Math.round((push.n / t) * 1000);
    const ratio = push.full.ms / push.rawFull.ms;
    metrics.push(
      metric({
        id: 4,
        name: `push of ${PUSH_BATCH_SIZE}-mutation batches (${PUSH_BATCHES} sequential)`,
        value: rate(push.full.ms),
        unit: 'mutations/s',
        extra: { totalMs: ms(push.full.ms), perPushP50Ms: ms(push.full.p50), perPushP99Ms: ms(push.full.p99) },
        baseline: {
          name: `raw better-sqlite3, ${PUSH_BATCH_SIZE} INSERTs per transaction, synchronous=FULL`,
          value: rate(push.rawFull.ms),
          unit: 'mutations/s',
          totalMs: ms(push.rawFull.ms),
        },
        ratio: r3s(ratio),
        ratioMeaning: 'push time / raw time',
        target: '≤ 2× raw time; ≥ 25k mutations/s (quality.md)',
        checks: [
          { label: 'time ≤ 2× raw', ok: ratio <= 2 },
          { label: '≥ 25k mutations/s', ok: rate(push.full.ms) >= 25_000 },
        ],
        note: `${(push.full.ms / PUSH_BATCHES).toFixed(2)} ms per push vs ${(push.rawFull.ms / PUSH_BATCHES).toFixed(2)} ms per raw transaction`,
      }),
    );
    const durServer = push.full.ms / push.normal.ms;
    const durRaw = push.rawFull.ms / push.rawNormal.ms;
    metrics.push(
      metric({
        id: 5,
        name: 'durability cost: push with synchronous=FULL vs NORMAL',
        value: rate(push.full.ms),
        unit: 'mutations/s',
        baseline: { name: 'same push, synchronous=NORMAL', value: rate(push.normal.ms), unit: 'mutations/s' },
        ratio: r3s(durServer),
        ratioMeaning: 'FULL time / NORMAL time',
        extra: {
          rawFull: rate(push.rawFull.ms),
          rawNormal: rate(push.rawNormal.ms),
          rawRatio: ms(durRaw),
          pushNormalVsRawNormal: ms(push.normal.ms / push.rawNormal.ms),
        },
        target: 'reported',
        note: `raw: FULL ${rate(push.rawFull.ms)} vs NORMAL ${rate(push.rawNormal.ms)} mut/s (${durRaw.toFixed(2)}×); server NORMAL / raw NORMAL ${(push.normal.ms / push.rawNormal.ms).toFixed(2)}×`,
      }),
    );
  }
  if (pull) {
    const ratio = pull.httpMs / pull.selectMs;
    metrics.push(
      metric({
        id: 6,
        name: `full pull of ${BIG_USER_TASKS / 1000}k tasks over HTTP`,
        value: ms(pull.httpMs),
        unit: 'ms',
        extra: { runsMs: pull.httpAll.map(ms), clientParseMs: ms(pull.clientParseMs), bytes: pull.bytes, pages: pull.pages, selectParseMs: ms(pull.selectParseMs), ratioVsSelectParse: ms(pull.httpMs / pull.selectParseMs) },
        baseline: { name: 'raw SELECT of the same rows (better-sqlite3 .all(), no JSON.parse)', value: ms(pull.selectMs), unit: 'ms' },
        ratio: r3s(ratio),
        target: '≤ 300 ms; ≤ 1.5×',
        checks: [
          { label: '≤ 300 ms', ok: pull.httpMs <= 300 },
          { label: 'ratio ≤ 1.5', ok: ratio <= 1.5 },
        ],
        note: `median of ${PULL_RUNS}; ${(pull.bytes / 1e6).toFixed(2)} MB, ${pull.pages} pages, client JSON.parse ${pull.clientParseMs.toFixed(1)} ms of it; SELECT + JSON.parse(data) = ${pull.selectParseMs.toFixed(1)} ms (${(pull.httpMs / pull.selectParseMs).toFixed(2)}×)`,
      }),
    );
  }
  if (lag) {
    metrics.push(
      metric({
        id: 7,
        name: 'event-loop delay p99 during 50 concurrent Argon2id logins',
        value: ms(lag.busy.p99),
        unit: 'ms',
        extra: { busy: lag.busy, idle: lag.idle, loginsWallMs: ms(lag.wallMs), loginP50Ms: ms(lag.loginP50), loginMaxMs: ms(lag.loginMax), argon2: lag.cost },
        baseline: { name: 'idle, 3 s', value: ms(lag.idle.p99), unit: 'ms' },
        ratio: r3s(lag.busy.p99 / lag.idle.p99),
        target: '≤ 20 ms',
        checks: [{ label: 'p99 ≤ 20 ms', ok: lag.busy.p99 <= 20 }],
        note:
          `max ${lag.busy.max.toFixed(1)} ms; 50 logins took ${lag.wallMs.toFixed(0)} ms (median ${lag.loginP50.toFixed(0)} ms each); monitorEventLoopDelay, 1 ms resolution` +
          (lag.busy.worstTurn
            ? `; the longest loop turn took ${lag.busy.worstTurn.ms.toFixed(0)} ms, ${lag.busy.worstTurn.sqlMs.toFixed(0)} ms of it in synchronous SQLite calls (${lag.busy.worstTurn.statements} statements, ${lag.busy.worstTurn.writes} writes)`
            : ''),
      }),
    );
  } else {
    metrics.push({ id: 7, name: 'event-loop delay p99 during 50 concurrent Argon2id logins', value: null, unit: 'ms', target: '≤ 20 ms', pass: null, note: 'skipped: POST /api/auth/login not registered' });
  }
  if (rss) {
    metrics.push(
      metric({
        id: 17,
        name: `server RSS with ${RSS_USERS} users × ${RSS_TASKS_PER_USER / 1000}k tasks`,
        value: ms(rss.deltaMb),
        unit: 'MB (delta)',
        extra: {
          afterMb: ms(rss.afterMb),
          peakMb: ms(rss.peakMb),
          anonDeltaMb: ms(rss.anonDeltaMb),
          fileDeltaMb: ms(rss.fileDeltaMb),
          afterFullPullsDeltaMb: ms(rss.afterPullsDeltaMb),
          afterFullPullsAnonDeltaMb: ms(rss.afterPullsAnonDeltaMb),
          afterFullPullsFileDeltaMb: ms(rss.afterPullsFileDeltaMb),
          heapUsedMb: ms(rss.heapUsedMb),
          rows: rss.rows,
          seedSeconds: ms(rss.seedS),
          maintenancePassMs: rss.maintenanceMs === null ? null : ms(rss.maintenanceMs),
          maintenanceLoopDelayMaxMs: rss.maintenanceLagMaxMs === null ? null : ms(rss.maintenanceLagMaxMs),
        },
        baseline: { name: 'fresh process (VmRSS)', value: ms(rss.freshMb), unit: 'MB' },
        ratio: r3s(rss.afterMb / rss.freshMb),
        target: '≤ +200 MB',
        checks: [{ label: 'delta ≤ 200 MB', ok: rss.deltaMb <= 200 }],
        note:
          `${rss.freshMb.toFixed(0)} → ${rss.afterMb.toFixed(0)} MB VmRSS after every user read GET /api/tasks?limit=100 once (peak ${rss.peakMb.toFixed(0)} MB); ` +
          `+${rss.anonDeltaMb.toFixed(0)} MB anonymous, +${rss.fileDeltaMb.toFixed(0)} MB file-backed (memory-mapped database pages); ` +
          `after every user also pulled everything once: +${rss.afterPullsDeltaMb.toFixed(0)} MB (+${rss.afterPullsAnonDeltaMb.toFixed(0)} anonymous, +${rss.afterPullsFileDeltaMb.toFixed(0)} file-backed)` +
          (rss.maintenanceMs === null ? '' : `; the maintenance pass over ${rss.rows.toLocaleString('en')} rows blocked the loop ${rss.maintenanceLagMaxMs.toFixed(0)} ms`),
      }),
    );
  }
  return metrics;
}

const fmt = (v, unit) => (v === null || v === undefined ? '—' : `${typeof v === 'number' ? v.toLocaleString('en', { maximumFractionDigits: 2 }) : v} ${unit ?? ''}`.trim());
const status = (m) => (m.pass === null ? 'reported' : m.pass ? 'PASS' : `MISS (${m.checks.filter((c) => !c.ok).map((c) => c.label).join(', ')})`);

function printTable(metrics) {
  const rows = metrics.map((m) => [
    String(m.id),
    m.name,
    fmt(m.value, m.unit),
    m.baseline ? fmt(m.baseline.value, m.baseline.unit) : '—',
    m.ratio === undefined || m.ratio === null ? '—' : `${m.ratio}×`,
    m.target,
    status(m),
  ]);
  const head = ['#', 'metric', 'result', 'baseline', 'ratio', 'target', 'status'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  console.log('');
  for (const m of metrics) if (m.note) console.log(`  #${m.id}: ${m.note}`);
  const missed = metrics.filter((m) => m.pass === false);
  console.log(
    missed.length
      ? `\nTargets MISSED (${missed.length}): ${missed.map((m) => `#${m.id} ${m.name}: ${status(m)}`).join('; ')}`
      : '\nEvery target with a goal was met.',
  );
}

/** Whether a larger ratio is better, per metric id; metric 5 is only reported. */
const BETTER = { 1: 'higher', 3: 'higher', 4: 'lower', 6: 'lower', 7: 'lower', 8: 'lower', 10: 'lower', 15: 'lower', 17: 'lower', 201: 'lower', 202: 'lower' };

/** Ratios that moved more than 10% against the previous bench/results.json; answers the regressions. */
function compareWithPrevious(prev, metrics) {
  if (!prev?.metrics) return [];
  if (prev.settings?.quick !== QUICK) {
    console.log(`The previous run (${prev.commit}, ${prev.date}) used ${prev.settings?.quick ? '--quick' : 'full'} settings: not compared.`);
    return [];
  }
  const notes = [];
  const regressions = [];
  for (const m of metrics) {
    const p = prev.metrics.find((x) => x.id === m.id);
    if (!p || typeof p.ratio !== 'number' || typeof m.ratio !== 'number' || p.ratio === 0) continue;
    const change = (m.ratio - p.ratio) / p.ratio;
    if (Math.abs(change) <= 0.1) continue;
    const worse = (BETTER[m.id] === 'higher' && change < 0) || (BETTER[m.id] === 'lower' && change > 0);
    notes.push(`#${m.id} ratio ${p.ratio}× → ${m.ratio}× (${change > 0 ? '+' : ''}${(change * 100).toFixed(0)}%${worse ? ', worse' : ''})`);
    if (worse) regressions.push(m.id);
  }
  console.log(
    notes.length
      ? `Changes of more than 10% against the previous run (${prev.commit}, ${prev.date}): ${notes.join('; ')}`
      : `No ratio moved more than 10% against the previous run (${prev.commit}, ${prev.date}).`,
  );
  return regressions;
}

/** Rows of the results table in docs/benchmarks.md: every metric of quality.md §3, measured here or not. */
const DOC_ROWS = [
  [1, 'authenticated `GET /api/tasks?limit=100`, req/s (autocannon, c=32)', 'bare Fastify `hello`', '**≥ 0.35×**; p99 ≤ 15 ms'],
  [2, 'same route', 'Express `hello`', '**≥ 1.0×**', 'not measured (Express is not a dependency)'],
  [3, '`POST /api/sync/push`, 1 mutation, req/s (c=32)', 'bare Fastify `hello`', '**≥ 0.2×**'],
  [4, 'push of 50-mutation batches, mutations/s (40 sequential pushes)', 'raw better-sqlite3: 50 INSERTs in one transaction, `FULL`', '**≥ 25k mutations/s**; ≤ 2× raw time'],
  [5, 'push throughput, `synchronous=FULL`', 'same push with `NORMAL`', 'reported ratio'],
  [6, 'full pull of 10k tasks over HTTP (2 pages of 5,000), median of 5', 'raw `SELECT` of the same rows (no `JSON.parse`)', '**≤ 300 ms**; ≤ 1.5×'],
  [7, 'event-loop delay p99 during 50 concurrent Argon2id logins', 'idle, 3 s', '**≤ 20 ms**'],
  [8, 'local write-to-render (checkbox click in the page → next animation frame after it flipped), 10k tasks, 30 clicks', 'one 16.7 ms frame', '**p95 ≤ 1 frame**', 'client bench skipped'],
  [9, 'lab INP over 50 scripted interactions', '200 ms "good"', '**p95 ≤ 100 ms**', 'client bench (not yet)'],
  [10, 'cold offline load from the SW → first task row painted on `/tasks` (new page, 10k tasks local), median of 7; 4× CPU: median of 3', 'same load from the network: SW blocked, HTTP cache off, desktop 4G (40 ms RTT, 10 Mbit/s)', '**≤ 0.5×**; ≤ 1.0 s desktop, ≤ 2.0 s at 4× CPU throttling', 'client bench skipped'],
  [11, 'IndexedDB hydration of 10k tasks', 'raw `getAll()`', '≤ 1.3×; first screen **≤ 150 ms**', 'client bench (not yet)'],
  [12, 'first sync writing 14k entities (14k tasks; navigation → the stored cursor covers every row, then 14,000 rows checked)', 'one transaction per entity (not measured)', '**≤ 2 s**, ≤ 20 transactions (not counted here; ≤ 20 asserted by the engine test)', 'client bench skipped'],
  [13, 'Ctrl+K per keystroke over ~14k docs (worker)', 'one 16.7 ms frame', '**p95 ≤ 1 frame**; index build ≤ 500 ms', 'client bench (not yet)'],
  [14, 'convergence: quick-add on A → painted on B (two contexts, same user), 20 edits', '`hello` round-trip (not measured)', '**p95 ≤ 250 ms**', 'client bench skipped'],
  [15, 'initial JS, gzipped (entry + modulepreload links of `index.html`)', '300–350 KiB budget', '**≤ 150 KiB**; Markdown, calendar, admin lazy', 'client bench skipped'],
  [16, 'Lighthouse mobile on `/dashboard` with data', 'score 90', '**≥ 95**; LCP ≤ 1.5 s; TBT ≤ 100 ms; CLS ≤ 0.02', 'client bench (not yet)'],
  [17, 'RSS with 1,000 users × 1k tasks (VmRSS after each user read its tasks)', 'fresh process', '**≤ +200 MB**'],
];

const passCell = (m) => (m.pass === null ? 'reported' : m.pass ? '✅ pass' : `❌ miss (${m.checks.filter((c) => !c.ok).map((c) => c.label).join(', ')})`);

/** A results-table row for a suite metric that carries its own name, baseline and target (ids from 100). */
const suiteRow = (m) =>
  `| ${m.id} | ${m.name} | ${m.baseline?.name ?? '—'} | **${m.target ?? ''}** | ${fmt(m.value, m.unit)} | ${m.baseline ? fmt(m.baseline.value, m.baseline.unit) : '—'} | ${m.ratio === undefined || m.ratio === null ? '—' : `${m.ratio}×`} | ${passCell(m)} |`;

/** Replace the text between `<!-- bench:<name>:start -->` and its end marker; false when the markers are missing. */
function replaceBlock(doc, name, text) {
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) {
    console.warn(`[bench] docs/benchmarks.md has no ${name} markers; that block is not updated`);
    return null;
  }
  return doc.slice(0, i) + `${start}\n${text}\n${end}` + doc.slice(j + end.length);
}

const TABLE_HEAD = ['| # | metric | baseline in the same run | goal | result | baseline figure | ratio | pass |', '|---|---|---|---|---|---|---|---|'];

/**
 * The results block of docs/benchmarks.md and its machine line (unless the run was `--only` one suite), and the
 * security block (ids 200–299) with its own machine line, when the run has security figures.
 */
function updateDocs(results) {
  const file = path.join(root, 'docs', 'benchmarks.md');
  if (!existsSync(file)) return;
  let doc = readFileSync(file, 'utf8');
  const mc = results.machine;
  const machineLine =
    `Machine: ${mc.cpus} × ${mc.model}, ${mc.mem} RAM, ${mc.os}, Node ${mc.node} · ` +
    `Commit: \`${results.commit}\`${results.dirty ? ' (with uncommitted server/shared work in progress)' : ''} · Date: ${results.date.slice(0, 10)}`;
  if (!results.only) {
    const byId = new Map(results.metrics.map((m) => [m.id, m]));
    const lines = [...TABLE_HEAD];
    for (const [id, name, baseline, goal, absent] of DOC_ROWS) {
      const m = byId.get(id);
      if (!m || m.value === null) {
        lines.push(`| ${id} | ${name} | ${baseline} | ${goal} | ${m?.note ?? absent ?? 'not measured'} | | | |`);
        continue;
      }
      const result =
        m.extra?.p50Ms !== undefined
          ? `p95 ${fmt(m.value, m.unit)}, p50 ${m.extra.p50Ms} ms`
          : m.extra?.cpu4xMs !== undefined
            ? `${fmt(m.value, m.unit)}; at 4× CPU ${fmt(m.extra.cpu4xMs, 'ms')}; the network load on loopback ${fmt(m.extra.loopbackMs, 'ms')} (${m.extra.loopbackRatio}×)`
            : `${fmt(m.value, m.unit)}${m.extra?.p99Ms !== undefined ? `, p99 ${m.extra.p99Ms} ms` : ''}`;
      lines.push(
        `| ${id} | ${name} | ${baseline} | ${goal} | ${result} | ${m.baseline ? fmt(m.baseline.value, m.baseline.unit) : '—'} | ${m.ratio === undefined || m.ratio === null ? '—' : `${m.ratio}×`} | ${passCell(m)} |`,
      );
    }
    // Feature suites (ids 100–199): their rows carry their own name and target.
    for (const m of results.metrics.filter((x) => x.id >= 100 && x.id < 200).sort((a, b) => a.id - b.id)) lines.push(suiteRow(m));
    doc = replaceBlock(doc, 'results', lines.join('\n')) ?? doc;
    doc = doc.replace(/^Machine: .*$/m, machineLine);
  }
  const security = results.metrics.filter((x) => x.id >= 200 && x.id < 300).sort((a, b) => a.id - b.id);
  if (security.length) {
    const notes = security.map((m) => `- ${m.id}: ${m.note}`);
    const share = (x) => (x === null || x === undefined ? 'n/a' : `${Math.round(x * 100)}%`);
    const load = `Other processes' CPU share: ${share(results.foreignCpuShare?.before)} before, ${share(results.foreignCpuShare?.after)} after the run`;
    const text = [`${machineLine} · ${load}`, '', ...TABLE_HEAD, ...security.map(suiteRow), '', ...notes].join('\n');
    doc = replaceBlock(doc, 'security', text) ?? doc;
  }
  writeFileSync(file, doc);
  const parts = [...(results.only ? [] : ['machine line and results block']), ...(security.length ? ['security block'] : [])];
  say(`docs/benchmarks.md: ${parts.length ? `${parts.join(', ')} updated` : 'nothing to update'}`);
}

// ---------------------------------------------------------------------------------------------------------
// Client suite (bench/client.mjs)

async function benchClient() {
  if (SKIP_CLIENT) {
    say('client benchmarks skipped (--skip-client)');
    return { ok: false, skipped: 'skipped (--skip-client)' };
  }
  const { runClientBench, CHROMIUM } = await import('../bench/client.mjs');
  if (!existsSync(CHROMIUM)) {
    say(`client benchmarks SKIPPED: ${CHROMIUM} is missing (install Debian's chromium to run them)`);
    return { ok: false, skipped: `${CHROMIUM} missing` };
  }
  // The server suite's last phase writes a million rows: let the kernel write them out first, so the browser's
  // cache and IndexedDB reads are not measured against that writeback (it showed as a slower offline load).
  const flushStart = performance.now();
  spawnSync('sync');
  await new Promise((r) => setTimeout(r, 2000));
  say(`client benchmarks (headless Chromium, bench/client.mjs), after ${((performance.now() - flushStart) / 1000).toFixed(1)} s flushing the disk…`);
  try {
    return await runClientBench();
  } catch (err) {
    console.error('[bench] the client benchmarks failed:', err instanceof Error ? err.stack : err);
    return { ok: false, skipped: `failed: ${err instanceof Error ? err.message : err}` };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Feature suites: every bench/feature-*.mjs exports `runBench({ say })` → `{ metrics }` (rows in this script's
// shape, ids from 100 up so they never collide with design/quality.md's numbering). A suite that throws is
// reported and skipped; the others still run.

async function benchFeatures() {
  const { readdirSync } = await import('node:fs');
  const files = readdirSync(path.join(root, 'bench')).filter((f) => /^feature-.*\.mjs$/.test(f)).sort();
  const metrics = [];
  for (const file of files) {
    if (SKIP_CLIENT && file.includes('-client')) continue;
    say(`feature benchmarks: bench/${file}…`);
    try {
      const mod = await import(pathToFileURL(path.join(root, 'bench', file)).href);
      const out = await mod.runBench({ say });
      metrics.push(...(out.metrics ?? []));
    } catch (err) {
      console.error(`[bench] bench/${file} failed:`, err instanceof Error ? err.stack : err);
    }
  }
  return metrics;
}

// ---------------------------------------------------------------------------------------------------------
// The server suite (metrics 1–7, 17) and the security suite

/** Metrics 1–7 on one app child (seeded with the 10k-task user), then 17 on a second one. */
async function benchServer() {
  const mainDir = tempDir('main');
  const rawDir = tempDir('raw');
  say('starting the app server and the bare Fastify server (child processes)…');
  const [app, hello] = await Promise.all([startChild('app-runner.mjs', { BENCH_DATA_DIR: mainDir }), startChild('hello-server.mjs')]);
  const dbFile = path.join(mainDir, 'app.sqlite');
  app.dbFile = dbFile;
  appPragmas = await app.call('pragmas');
  say(`app SQLite pragmas: ${Object.entries(appPragmas).map(([k, v]) => `${k}=${v}`).join(', ')} (the raw baselines use the same)`);
  const db = openDb(dbFile);
  const out = {};
  try {
    const bigUser = await seedBigUser(app, db);
    const add = userInserter(db);
    const [pushUser, push1User] = await withTokens(app, [add(`push-${newId()}@example.com`), add(`push1-${newId()}@example.com`)]);
    out.http = await benchHttp(app, hello, bigUser, push1User);
    await hello.stop();
    out.push = await benchPush(app, db, pushUser, rawDir);
    out.pull = await benchPull(app, dbFile, bigUser);
    out.lag = await benchLogins(app, db);
  } finally {
    db.close();
    await app.stop();
  }
  out.rss = await benchRss();
  return out;
}


/** bench/security.mjs (ids 200–203); a failure is reported and leaves the other suites' figures. */
async function benchSecurity() {
  say('security benchmarks: bench/security.mjs…');
  try {
    const { runSecurityBench } = await import('../bench/security.mjs');
    return (await runSecurityBench({ say })).metrics;
  } catch (err) {
    console.error('[bench] bench/security.mjs failed:', err instanceof Error ? err.stack : err);
    return [];
  }
}

// ---------------------------------------------------------------------------------------------------------
// Main

async function main() {
  if (argv.has('--docs-only')) {
    // Rewrite the results block of docs/benchmarks.md from the last bench/results.json, without measuring.
    updateDocs(JSON.parse(readFileSync(path.join(root, 'bench', 'results.json'), 'utf8')));
    return 0;
  }
  const buildInfo = build();
  const busyBefore = await foreignCpu();
  if (busyBefore !== null) {
    say(`other load on the machine before the run: ${(busyBefore * 100).toFixed(0)}% of all CPUs${busyBefore > 0.15 ? ' — WARNING: figures will be noisy' : ''}`);
  }
  const out = ONLY ? {} : await benchServer();
  const securityMetrics = await benchSecurity();
  closeAgent();
  const client = ONLY ? { ok: false, skipped: `not run (--only ${ONLY})` } : await benchClient();
  const featureMetrics = ONLY ? [] : await benchFeatures();
  const busyAfter = await foreignCpu();

  const metrics = [...(ONLY ? [] : buildMetrics(out)), ...(client.metrics ?? []), ...featureMetrics, ...securityMetrics].sort((a, b) => a.id - b.id);
  const resultsFile = path.join(root, 'bench', 'results.json');
  let previous = null;
  try {
    previous = JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    /* first run */
  }
  const dirty = (git(['status', '--porcelain', '--', 'server/src', 'shared/src']) ?? '').length > 0;
  const results = {
    machine: machine(),
    commit: git(['rev-parse', '--short', 'HEAD']),
    dirty,
    build: buildInfo,
    sqlitePragmas: appPragmas,
    client: client.ok ? { ok: true } : { ok: false, skipped: client.skipped },
    date: new Date().toISOString(),
    durationSeconds: Math.round((performance.now() - started) / 1000),
    foreignCpuShare: { before: busyBefore === null ? null : ms(busyBefore), after: busyAfter === null ? null : ms(busyAfter) },
    settings: { connections: CONNECTIONS, durationSeconds: DURATION, rounds: ROUNDS, warmupSeconds: WARMUP, quick: QUICK },
    only: ONLY,
    metrics,
  };
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  const mc = results.machine;
  console.log(`\nMachine: ${mc.cpus} × ${mc.model}, ${mc.mem}, ${mc.os}, Node ${mc.node} · commit ${results.commit}${dirty ? ' (+ uncommitted server/shared changes)' : ''} · ${results.date}`);
  if ((busyBefore ?? 0) > 0.15 || (busyAfter ?? 0) > 0.15) {
    console.log(
      `WARNING: other processes used ${((busyBefore ?? 0) * 100).toFixed(0)}% / ${((busyAfter ?? 0) * 100).toFixed(0)}% of the CPUs before / after the run; absolute figures are noisy.`,
    );
  }
  printTable(metrics);
  const regressions = compareWithPrevious(previous, metrics);
  say(`wrote bench/results.json`);
  if (UPDATE_DOCS) updateDocs(results);
  if (GATE && regressions.length) {
    console.log(`--gate: ratio regressions above 10% on ${regressions.map((id) => `#${id}`).join(', ')}: exit 1`);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('[bench] failed:', err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
