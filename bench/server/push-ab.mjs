// Just the push metrics of the server suite (3, 4 on SQLite; 303, 304 on PostgreSQL), quickly, and optionally as
// an interleaved A/B against another build of the server:
//
//   node bench/server/push-ab.mjs [--store sqlite|postgres] [--rounds 3] [--duration 3] [--only 3|4]
//   BENCH_BASE_DIST=/tmp/base/server/dist node bench/server/push-ab.mjs …   (A = that build, B = this tree's)
//
// Each side is its own app child on a fresh store (no 10k-task seed user: the full suite has it, this driver is
// for before/after comparisons of the push path). Rounds alternate A, B, hello so a neighbour's load hits all
// alike; `uptime`'s load average is printed with every round. PostgreSQL: BENCH_DATABASE_URL or a throwaway
// cluster (scripts/pg-throwaway.sh). BENCH_CPU_PROF=<dir> writes a CPU profile of each app
// child's measured runs there (`node bench/server/profile-top.mjs <file>` sums it). Needs a built server
// (`npx tsc -b`).
import os from 'node:os';
import { newId } from '../lib.mjs';
import { startChild, tempDir, withTokens } from '../harness.mjs';
import { cannon, push1Options } from './http.mjs';
import { pushClient, timedPushes } from './push.mjs';
import { postgresStore, sqliteStore, startPostgres } from './store.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const storeKind = opt('store', 'sqlite');
const rounds = Number(opt('rounds', 3));
const duration = Number(opt('duration', 3));
const only = opt('only', null);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');

const cluster = storeKind === 'postgres' ? startPostgres() : null;
const sides = [];
const stores = [];
try {
  const variants = process.env.BENCH_BASE_DIST ? [['A (base)', process.env.BENCH_BASE_DIST], ['B (this tree)', null]] : [['this tree', null]];
  for (const [label, dist] of variants) {
    const store = cluster ? await postgresStore(cluster.url, tempDir('pg-data')) : sqliteStore(tempDir(`push-${sides.length}`));
    stores.push(store);
    const app = await startChild('app-runner.mjs', { ...store.appEnv, ...(dist ? { BENCH_SERVER_DIST: dist } : {}) });
    const [push1User, pushUser] = await withTokens(app, [await store.addUser(`p1-${newId()}@example.com`), await store.addUser(`p50-${newId()}@example.com`)]);
    sides.push({ label, app, push1User, client: pushClient(app.port, pushUser, 5), m3: [], m4: [] });
  }
  const hello = await startChild('hello-server.mjs');
  const helloRps = [];
  console.log(`store ${storeKind}, c=${connections}, ${rounds} rounds of ${duration} s; load ${load()}`);
  for (const s of sides) {
    if (only !== '4') await cannon(connections, { ...push1Options(s.app, s.push1User), duration: 1 });
    if (only !== '3') await timedPushes(s.client, 5, 50);
  }
  const profDir = process.env.BENCH_CPU_PROF;
  if (profDir) for (const s of sides) await s.app.call('profileStart');
  for (let r = 1; r <= rounds; r++) {
    const h = await cannon(connections, { url: `http://127.0.0.1:${hello.port}/`, duration });
    helloRps.push(h.rps);
    console.log(`round ${r}: hello ${h.rps.toFixed(0)} req/s; load ${load()}`);
    for (const s of sides) {
      if (only !== '4') {
        const p = await cannon(connections, { ...push1Options(s.app, s.push1User), duration });
        s.m3.push(p.rps);
        console.log(`  ${s.label}: push of 1 mutation ${p.rps.toFixed(0)} req/s (${(p.rps / h.rps).toFixed(4)}× hello), p99 ${p.p99} ms${p.errors ? `, ${p.errors} errors` : ''}; load ${load()}`);
      }
      if (only !== '3') {
        const t = await timedPushes(s.client, 40, 50);
        s.m4.push(t.ms / 40);
        console.log(`  ${s.label}: 40 × 50-mutation pushes ${(t.ms / 40).toFixed(2)} ms a push (p50 ${t.p50.toFixed(2)}, p99 ${t.p99.toFixed(2)}); load ${load()}`);
      }
    }
  }
  if (profDir) for (const [i, s] of sides.entries()) console.log(`profile: ${await s.app.call('profileStop', { file: `${profDir}/app-${i}-${storeKind}.cpuprofile` })}`);
  const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length;
  console.log(`summary (means over ${rounds} rounds; hello ${mean(helloRps).toFixed(0)} req/s):`);
  for (const s of sides) {
    const parts = [];
    if (s.m3.length) parts.push(`push1 ${mean(s.m3).toFixed(0)} req/s [${s.m3.map((x) => x.toFixed(0)).join(', ')}]`);
    if (s.m4.length) parts.push(`50-push ${mean(s.m4).toFixed(2)} ms [${s.m4.map((x) => x.toFixed(2)).join(', ')}]`);
    console.log(`  ${s.label}: ${parts.join('; ')}`);
  }
  await hello.stop();
} finally {
  for (const s of sides) await s.app.stop();
  for (const st of stores) await st.close();
  cluster?.stop();
}
process.exit(0);
