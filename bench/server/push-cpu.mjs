// CPU per push of one mutation at concurrency c, in process (no HTTP socket: `app.inject`, so the figure is the
// app's own work: routing, hooks, authentication, body validation, the engine, the SQL and the answer), and the
// SQL statements a push runs, with their time. Process CPU time per push is much less sensitive to a loaded
// machine than req/s, so it is what an A/B of the push path compares while neighbours run.
//
//   node bench/server/push-cpu.mjs [--pushes 4000] [--concurrency 32] [--dist <server dist folder>] [--batch 1]
//
// `--batch 50 --concurrency 1` is metric 4's push in process: each push is 50 task.create of one client (ids
// follow on, ~15 % subtasks of recent tasks, as bench/server/push.mjs's client sends them).
//
// Prints CPU ms a push (user, system), commits a push (group sizes), and the statements by total time.
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { newId, rng, tagIdsFor, taskFields, taskSource } from '../lib.mjs';
import { sqliteStore } from './store.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const pushes = Number(opt('pushes', 4000));
const concurrency = Number(opt('concurrency', 32));
const distDir = opt('dist', null);
const batch = Number(opt('batch', 1));
if (batch > 1 && concurrency !== 1) throw new Error('--batch above 1 needs --concurrency 1 (one client, ids in order)');
const dist = distDir ? pathToFileURL(path.resolve(distDir) + '/') : new URL('../../server/dist/', import.meta.url);

// Statement timing: every better-sqlite3 statement's run/all/get/iterate, keyed by its SQL text.
const require = createRequire(new URL('../../server/package.json', import.meta.url));
const Sqlite = require('better-sqlite3');
const stats = new Map();
let tracing = false;
{
  const probe = new Sqlite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  for (const method of ['run', 'all', 'get']) {
    const original = proto[method];
    proto[method] = function timed(...a) {
      if (!tracing) return original.apply(this, a);
      const t0 = performance.now();
      try {
        return original.apply(this, a);
      } finally {
        const key = this.source.replace(/\s+/g, ' ').slice(0, 90);
        const s = stats.get(key) ?? { n: 0, ms: 0 };
        s.n++;
        s.ms += performance.now() - t0;
        stats.set(key, s);
      }
    };
  }
}

const { buildApp } = await import(new URL('app.js', dist).href);
const { loadConfig } = await import(new URL('config.js', dist).href);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'push-cpu-'));
const store = sqliteStore(dataDir);
const HIGH = 1_000_000;
const app = await buildApp(loadConfig({}, { dataDir, databaseUrl: null, logLevel: 'warn', clientDist: null }), {
  syncLimits: { writeBurst: HIGH * HIGH, writesPerMinute: HIGH * HIGH },
});
await app.ready();
const user = await store.addUser(`cpu-${newId()}@example.com`);
await store.close();
const headers = { authorization: `Bearer ${app.sessions.tokenFor(user.id, user.sessionId)}`, 'content-type': 'application/json' };
const rand = rng(3);
const tags = tagIdsFor(20);
const batchClient = { clientId: `cb-${newId()}`, next: 1, task: taskSource(5) };
const body = () =>
  batch === 1
    ? JSON.stringify({ clientId: `c1-${newId()}`, schemaVersion: 1, mutations: [{ id: 1, name: 'task.create', args: { id: newId(), ...taskFields(rand, tags) } }] })
    : JSON.stringify({
        clientId: batchClient.clientId,
        schemaVersion: 1,
        mutations: Array.from({ length: batch }, () => {
          const { id, fields } = batchClient.task();
          return { id: batchClient.next++, name: 'task.create', args: { id, ...fields } };
        }),
      });

async function run(n) {
  let sent = 0;
  let failed = 0;
  const worker = async () => {
    while (sent < n) {
      sent++;
      if (batch > 1) {
        // Every mutation applied, in as many requests as the server's batch budget needs (as pushAll does).
        let mutations = JSON.parse(body()).mutations;
        while (mutations.length > 0) {
          const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers, payload: { clientId: batchClient.clientId, schemaVersion: 1, mutations } });
          if (res.statusCode !== 200) {
            failed++;
            break;
          }
          const last = res.json().lastMutationId;
          mutations = mutations.filter((m) => m.id > last);
        }
        continue;
      }
      const res = await app.inject({ method: 'POST', url: '/api/sync/push', headers, payload: body() });
      if (res.statusCode !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failed) throw new Error(`${failed} pushes failed`);
}

await run(Math.min(500, pushes)); // warm-up
tracing = false;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
await run(pushes);
const wall = performance.now() - t0;
const cpu = process.cpuUsage(cpu0);
const commits = stats.get('COMMIT')?.n;
tracing = true;
await run(Math.min(1000, pushes));
tracing = false;
console.log(
  `${pushes} pushes at c=${concurrency}: CPU ${(cpu.user / pushes / 1000).toFixed(3)} ms user + ${(cpu.system / pushes / 1000).toFixed(3)} ms system a push; ` +
    `wall ${(wall / pushes).toFixed(3)} ms a push (${((pushes / wall) * 1000).toFixed(0)} pushes/s); load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`,
);
const traced = Math.min(1000, pushes);
console.log(`statements of ${traced} traced pushes${commits === undefined ? '' : ''}:`);
for (const [sqlText, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) {
  console.log(`  ${(s.n / traced).toFixed(2)}/push ${((s.ms / traced) * 1000).toFixed(1)} µs/push  ${sqlText}`);
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });
