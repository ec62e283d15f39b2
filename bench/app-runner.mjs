// The app server under test, as a child process of scripts/bench.mjs (started with fork(), so it has an IPC
// channel). It builds the compiled app (server/dist) on BENCH_DATA_DIR with logs at `warn`, raised rate limits
// and production Argon2 cost, listens on 127.0.0.1:0 and reports its port. With BENCH_LIMITS=default it keeps
// every limit at the server's defaults instead (credential rate limits, login throttle, per-user write rate):
// the security suite measures requests against those. The orchestrator then asks it,
// over IPC, for access tokens, event-loop delay figures and memory figures. Load never runs in this process.
import { PerformanceObserver, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { pullTimes } from './server/pull-times.mjs';

// Diagnostics for the event-loop figures: while a traced lag window is open, a 1 ms interval timer splits time
// into loop turns, and every SQLite statement (better-sqlite3 is synchronous: it runs on the main thread) adds
// its time to the current turn. The longest turn and the SQL inside it say whether SQL caused the worst stall.
// Outside a traced window the wrapper only checks a flag.
const require = createRequire(new URL('../server/package.json', import.meta.url));
const Sqlite = require('better-sqlite3');
const sqlTrace = { on: false, timer: null, lastTick: 0, cur: null, best: null };
const emptyTurn = () => ({ statements: 0, writes: 0, sqlMs: 0 });
function traceStart() {
  sqlTrace.on = true;
  sqlTrace.cur = emptyTurn();
  sqlTrace.best = null;
  sqlTrace.lastTick = performance.now();
  sqlTrace.timer = setInterval(() => {
    const now = performance.now();
    const ms = now - sqlTrace.lastTick;
    if (!sqlTrace.best || ms > sqlTrace.best.ms) sqlTrace.best = { ms, ...sqlTrace.cur };
    sqlTrace.cur = emptyTurn();
    sqlTrace.lastTick = now;
  }, 1);
}
function traceStop() {
  clearInterval(sqlTrace.timer);
  sqlTrace.on = false;
  return sqlTrace.best;
}
{
  const probe = new Sqlite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  for (const method of ['run', 'all', 'get']) {
    const original = proto[method];
    proto[method] = function traced(...args) {
      if (!sqlTrace.on) return original.apply(this, args);
      const t0 = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        sqlTrace.cur.statements++;
        sqlTrace.cur.sqlMs += performance.now() - t0;
        if (!this.reader) sqlTrace.cur.writes++;
      }
    };
  }
}

// BENCH_SERVER_DIST runs another build of the server for before/after runs of the same bench: a folder name under
// server/ (e.g. `dist-base`, bench/server/pull-ab.mjs) or a path to a dist folder (push-ab.mjs's BENCH_BASE_DIST).
const distEnv = process.env.BENCH_SERVER_DIST;
const dist = !distEnv ? new URL('../server/dist/', import.meta.url)
  : distEnv.includes('/') ? pathToFileURL(resolve(distEnv) + '/')
  : new URL(`../server/${distEnv}/`, import.meta.url);
const { buildApp } = await import(new URL('app.js', dist).href);
const { loadConfig } = await import(new URL('config.js', dist).href);

const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir) throw new Error('BENCH_DATA_DIR is not set');

const HIGH = 1_000_000;
const defaultLimits = process.env.BENCH_LIMITS === 'default';
const config = loadConfig(
  {},
  {
    dataDir,
    // BENCH_DATABASE_URL runs the app on PostgreSQL (the server suite's `--store postgres`).
    databaseUrl: process.env.BENCH_DATABASE_URL || null,
    logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
    clientDist: null,
    ...(defaultLimits
      ? {}
      : {
          rateLimits: {
            failedLoginsPerAccountHour: HIGH,
            failedLoginsPerIp10m: HIGH,
            codeSendsPerIp10m: HIGH,
            codeChecksPerIp10m: HIGH,
            authRequestsPerIpMinute: HIGH,
          },
        }),
  },
);
// Seeding pushes tens of thousands of mutations at once: no per-user write rate limit here (unless the defaults
// were asked for).
// BENCH_GROUP_COMMIT_MAX=1 turns group commit off (one commit per push), for before/after comparisons.
const groupCommit = process.env.BENCH_GROUP_COMMIT_MAX ? { groupCommitMax: Number(process.env.BENCH_GROUP_COMMIT_MAX) } : {};
// BENCH_EVENT_ANSWER_CACHE=0 turns the event range answers' cache off (the cold figure of metric 130).
const answerCache = process.env.BENCH_EVENT_ANSWER_CACHE ? { eventAnswerCacheBytes: Number(process.env.BENCH_EVENT_ANSWER_CACHE) } : {};
const app = await buildApp(
  config,
  defaultLimits
    ? { syncLimits: groupCommit, ...answerCache }
    : { syncLimits: { writeBurst: HIGH * HIGH, writesPerMinute: HIGH * HIGH, ...groupCommit }, ...answerCache },
);
// The app's own time per response (Fastify's `reply.elapsedTime` when the response has been handed to the socket:
// routing, hooks, handler, serialisation and the write), recorded only between `responseTimesStart` and
// `responseTimes`, so a benchmark can report the server-side time beside the time over HTTP.
let responseTimes = null;
app.addHook('onResponse', async (request, reply) => {
  if (responseTimes) responseTimes.push({ method: request.method, url: request.url, status: reply.statusCode, ms: reply.elapsedTime });
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address();

let lag = null;
let profiler = null;
/** GC pauses recorded while a lag window is open. */
let gc = null;
const gcObserver = new PerformanceObserver((list) => {
  if (!gc) return;
  for (const e of list.getEntries()) {
    gc.count++;
    gc.totalMs += e.duration;
    gc.maxMs = Math.max(gc.maxMs, e.duration);
  }
});
gcObserver.observe({ entryTypes: ['gc'] });

/** V8's `gc()` without starting the process with --expose-gc (the flag is set at run time for a fresh context). */
function fullGc() {
  v8.setFlagsFromString('--expose-gc');
  vm.runInNewContext('gc')();
}

function vmRss() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
}

const commands = {
  /** Access tokens for (userId, sessionId) pairs, signed by the app itself. */
  tokens: ({ pairs }) => pairs.map(([userId, sessionId]) => app.sessions.tokenFor(userId, sessionId)),
  /** The Argon2 cost the app hashes with, so seeded password hashes match what login expects. */
  argon2: () => config.argon2,
  /** Set the `synchronous` pragma of the app's single SQLite connection (durability-cost comparison). */
  synchronous: async ({ mode }) => {
    if (!['FULL', 'NORMAL'].includes(mode)) throw new Error(`bad mode ${mode}`);
    await sql.raw(`pragma synchronous = ${mode}`).execute(app.db);
    const rows = await sql.raw('pragma synchronous').execute(app.db);
    return rows.rows[0];
  },
  /** The app connection's pragmas that matter for speed, so the raw baselines can use the same ones. */
  pragmas: async () => {
    const out = {};
    for (const name of ['journal_mode', 'synchronous', 'cache_size', 'mmap_size']) {
      const { rows } = await sql.raw(`pragma ${name}`).execute(app.db);
      out[name] = Object.values(rows[0] ?? {})[0] ?? null;
    }
    return out;
  },
  /** Start recording event-loop delay (1 ms resolution), GC pauses and, with traceSql, SQL stretches. */
  lagStart: ({ traceSql = false }) => {
    lag?.disable();
    lag = monitorEventLoopDelay({ resolution: 1 });
    lag.enable();
    gc = { count: 0, totalMs: 0, maxMs: 0 };
    if (traceSql) traceStart();
    return true;
  },
  /** Stop recording; figures in milliseconds. */
  lagStop: () => {
    if (!lag) throw new Error('lagStart first');
    lag.disable();
    const worstTurn = sqlTrace.on ? traceStop() : null;
    const ms = (ns) => ns / 1e6;
    const out = {
      count: lag.count,
      min: ms(lag.min),
      mean: ms(lag.mean),
      p50: ms(lag.percentile(50)),
      p99: ms(lag.percentile(99)),
      max: ms(lag.max),
      gc,
      worstTurn,
    };
    lag = null;
    gc = null;
    return out;
  },
  /** Run the periodic maintenance job once (a full pass over `entities`); answers how long it blocked. */
  maintenance: async () => {
    if (typeof app.runMaintenance !== 'function') return null;
    const h = monitorEventLoopDelay({ resolution: 1 });
    h.enable();
    // The monitor drops its first sample: let it tick before the pass starts.
    await new Promise((r) => setTimeout(r, 20));
    const t0 = performance.now();
    await app.runMaintenance();
    const took = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 20)); // let the delay monitor's timer fire after the blocking query
    h.disable();
    return { ms: took, loopDelayMaxMs: h.max / 1e6 };
  },
  /** Start recording the app's own time of each response (see the onResponse hook above). */
  responseTimesStart: () => {
    responseTimes = [];
    return true;
  },
  /** The responses recorded since responseTimesStart ({ method, url, status, ms }), and stop recording. */
  responseTimes: () => {
    const out = responseTimes ?? [];
    responseTimes = null;
    return out;
  },
  /** Start a V8 CPU profile of this process (push-ab.mjs with BENCH_CPU_PROF). */
  profileStart: async () => {
    profiler = new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    return true;
  },
  /** Stop the profile and write it to `file` (a .cpuprofile for Chrome DevTools or bench/server/profile-top.mjs). */
  profileStop: async ({ file }) => {
    const { profile } = await profiler.post('Profiler.stop');
    profiler.disconnect();
    profiler = null;
    writeFileSync(file, JSON.stringify(profile));
    return file;
  },
  memory: () => ({ ...process.memoryUsage(), ...vmRss() }),
  /** Metric 6 inside the app's process (no transfer, no client parse): see bench/server/pull-times.mjs. */
  pullTimes: (args) => pullTimes(app, dataDir, args),
  /** A full garbage collection, then memory figures: what the process still holds (security S2). */
  gcMemory: async () => {
    fullGc();
    await new Promise((r) => setTimeout(r, 100));
    return { ...process.memoryUsage(), ...vmRss() };
  },
};

process.on('message', async (msg) => {
  const { id, cmd, args } = msg ?? {};
  try {
    const fn = commands[cmd];
    if (!fn) throw new Error(`unknown command ${cmd}`);
    process.send({ id, ok: true, result: await fn(args ?? {}) });
  } catch (err) {
    process.send({ id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});

process.on('disconnect', () => {
  void app.close().finally(() => process.exit(0));
});
process.once('SIGTERM', () => {
  void app.close().finally(() => process.exit(0));
});

process.send({ type: 'ready', port, pid: process.pid });
