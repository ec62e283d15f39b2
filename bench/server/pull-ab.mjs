// Metric 6 / 306 alone, for before/after comparisons: one store seeded once with the 10k-task user, then app
// children of two builds of the server started one after the other on it (BENCH_SERVER_DIST, see
// app-runner.mjs), each measuring the full pull exactly as the server suite does (bench/server/pull.mjs).
//   node bench/server/pull-ab.mjs [--store sqlite|postgres] [--rounds 3] [--dists dist,dist-base]
// `--dists dist` alone runs only the current build. PostgreSQL uses BENCH_DATABASE_URL or a throwaway cluster.
import os from 'node:os';
import { startChild, tempDir, withTokens } from '../harness.mjs';
import { serverSizes } from '../run/options.mjs';
import { benchPull } from './pull.mjs';
import { seedBigUser } from './push.mjs';
import { postgresStore, sqliteStore, startPostgres } from './store.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const kind = arg('store', 'sqlite');
const rounds = Number(arg('rounds', 3));
const dists = arg('dists', 'dist,dist-base').split(',');
const say = (m) => console.log(m);
const sizes = serverSizes(false);

const cluster = kind === 'postgres' ? startPostgres() : null;
const dataDir = tempDir(kind === 'postgres' ? 'pg-data' : 'main');
const store = kind === 'postgres' ? await postgresStore(cluster.url, dataDir) : sqliteStore(dataDir);
const results = Object.fromEntries(dists.map((d) => [d, []]));
try {
  let user;
  {
    const app = await startChild('app-runner.mjs', { ...store.appEnv, BENCH_SERVER_DIST: dists[0] });
    try {
      user = await seedBigUser({ say, sizes, store }, app);
    } finally {
      await app.stop();
    }
  }
  for (let r = 0; r < rounds; r++) {
    for (const dist of r % 2 ? [...dists].reverse() : dists) {
      const app = await startChild('app-runner.mjs', { ...store.appEnv, BENCH_SERVER_DIST: dist });
      try {
        const [u] = await withTokens(app, [user]);
        say(`[${kind}] ${dist} round ${r + 1}, load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
        const out = await benchPull({ say, sizes, store }, app, u);
        results[dist].push({ server: out.serverMs, select: out.selectMs, ratio: out.serverMs / out.selectMs, http: out.httpMs });
      } finally {
        await app.stop();
      }
    }
  }
} finally {
  await store.close();
  cluster?.stop();
}
for (const [dist, rows] of Object.entries(results)) {
  const f = (k) => rows.map((x) => x[k].toFixed(k === 'ratio' ? 2 : 1)).join(' / ');
  say(`${dist}: server ${f('server')} ms; raw ${f('select')} ms; ratio ${f('ratio')}; HTTP ${f('http')} ms`);
}
process.exit(0);
