// Metric 6 / 306 A/B on a loaded machine: two server builds loaded in ONE process, each on its own copy of a
// seeded data dir (SQLite) or on one PostgreSQL database, and the raw SELECT of pull-times.mjs, run interleaved
// (A B R, R B A, …) so that load swings hit all three alike; reports wall and process CPU time (CPU time is far
// less noisy than wall time when the cores are shared; on PostgreSQL it leaves out the backend's work).
//   node bench/server/pull-ab-inprocess.mjs <distA> <distB> <dataDirA> <dataDirB> [runs]
// Each data dir holds the store (app.sqlite) and user.json: {"id": <user id>, "env": {"BENCH_DATABASE_URL"?: …}}
// (seed it once with the bench's seedBigUser on a kept dir; the app's server.lock must not be copied).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
const [distA, distB, dataA, dataB, runsArg] = process.argv.slice(2);
const u = JSON.parse(readFileSync(dataA + '/user.json', 'utf8'));
const url = u.env.BENCH_DATABASE_URL || null;
async function load(distDir, dataDir) {
  const dist = pathToFileURL(resolve(distDir) + '/');
  const { buildApp } = await import(new URL('app.js', dist).href);
  const { loadConfig } = await import(new URL('config.js', dist).href);
  const app = await buildApp(loadConfig({}, { dataDir, databaseUrl: url, logLevel: 'warn', clientDist: null }), {});
  await app.ready();
  return app;
}
const apps = [await load(distA, dataA), await load(distB, dataB)];
const full = async (app) => {
  for (let cursor = 0; ; ) {
    const page = await app.sync.pullJson(u.id, 'p2-ab-client', { cursor, limit: 5000 });
    const head = /^\{"cursor":(\d+),"hasMore":(true|false)/.exec(page.subarray(0, 100).toString());
    cursor = Number(head[1]);
    if (head[2] === 'false') return;
  }
};
import { createRequire } from 'node:module';
const require = createRequire(new URL('../../server/package.json', import.meta.url));
const SELECT = 'SELECT type, id, data, parent_id, version, deleted, created_at, updated_at FROM entities WHERE user_id = $1 AND version > 0 ORDER BY version';
let raw;
if (url) { const pg = require('pg'); const c = new pg.Client({ connectionString: url }); await c.connect(); raw = async () => (await c.query({ name: 'raw-pull', text: SELECT, values: [u.id] })).rows.length; }
else { const S = require('better-sqlite3'); const db = new S(dataA + '/app.sqlite', { readonly: true }); db.pragma('cache_size = -32768'); const st = db.prepare(SELECT.replace('$1', '?')); raw = async () => st.all(u.id).length; }
apps.push({ raw: true });
const wall = [[], [], []], cpu = [[], [], []];
for (const a of apps) await (a.raw ? raw() : full(a));
const runs = Number(runsArg ?? 21);
for (let i = 0; i < runs; i++) {
  for (const k of i % 2 ? [2, 1, 0] : [0, 1, 2]) {
    const c0 = process.cpuUsage(); const t0 = performance.now();
    await (k === 2 ? raw() : full(apps[k]));
    wall[k].push(performance.now() - t0); const c = process.cpuUsage(c0); cpu[k].push((c.user + c.system) / 1000);
  }
}
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[s.length >> 1]; };
console.log(`A=${distA} B=${distB} runs ${runs} load ${os.loadavg()[0].toFixed(1)}`);
for (const k of [0, 1, 2]) console.log(`${'ABR'[k]}: wall median ${med(wall[k]).toFixed(1)} min ${Math.min(...wall[k]).toFixed(1)}; cpu median ${med(cpu[k]).toFixed(1)} min ${Math.min(...cpu[k]).toFixed(1)}`);
for (const a of apps.slice(0, 2)) await a.close();
const r = (k) => (med(wall[k]) / med(wall[2])).toFixed(2) + ' (cpu ' + (med(cpu[k]) / med(cpu[2])).toFixed(2) + ')';
console.log(`ratio to raw: A ${r(0)} B ${r(1)}`);
process.exit(0);
