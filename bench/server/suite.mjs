// The server suite: on SQLite, metrics 1–7 on one app child seeded with the 10k-task user, then 17 on a second
// one; on PostgreSQL (`--store postgres`, or both stores by default), metrics 1, 3, 4 and 6 the same way (rows
// 301, 303, 304, 306) and the same load through two app instances on one database (row 310).
// `context` is { say, options, sizes } (bench/run/options.mjs).
import { newId } from '../lib.mjs';
import { measureLogins, openDb, startChild, tempDir, withTokens } from '../harness.mjs';
import { benchHttp, benchTwoInstances } from './http.mjs';
import { benchRss } from './memory.mjs';
import { postgresMetrics } from './metrics-postgres.mjs';
import { serverMetrics } from './metrics.mjs';
import { benchPull } from './pull.mjs';
import { benchPush, seedBigUser } from './push.mjs';
import { postgresStore, sqliteStore, startPostgres } from './store.mjs';

async function benchLogins({ say, sizes, store }, app) {
  const db = openDb(store.file);
  try {
    const out = await measureLogins(app, db, { count: sizes.logins, say });
    if (out?.failed.length) throw new Error(`${out.failed.length} logins failed (first status ${out.failed[0].status})`);
    return out;
  } finally {
    db.close();
  }
}

/** The measurements of one store; `more(ctx, app, users)` adds that store's own phases. */
async function runOnStore(context, store, more) {
  const { say } = context;
  say(`[${store.kind}] starting the app server, the bare Fastify server and the bare SQL route (child processes)…`);
  const app = await startChild('app-runner.mjs', store.appEnv);
  const hello = await startChild('hello-server.mjs');
  const pragmas = store.kind === 'sqlite' ? await app.call('pragmas') : {};
  if (store.kind === 'sqlite') say(`app SQLite pragmas: ${Object.entries(pragmas).map(([k, v]) => `${k}=${v}`).join(', ')} (the raw baselines use the same)`);
  const ctx = { ...context, pragmas, store };
  const out = { pragmas };
  let sqlRoute = null;
  try {
    const bigUser = await seedBigUser(ctx, app);
    const [pushUser, push1User] = await withTokens(app, [await store.addUser(`push-${newId()}@example.com`), await store.addUser(`push1-${newId()}@example.com`)]);
    sqlRoute = await startChild(
      'sql-route-server.mjs',
      store.kind === 'sqlite' ? { BENCH_SQLITE_FILE: store.file, BENCH_CACHE_SIZE: String(pragmas.cache_size ?? -32768) } : { BENCH_DATABASE_URL: store.url },
    );
    out.http = await benchHttp(ctx, app, hello, sqlRoute, bigUser, push1User);
    await Promise.all([hello.stop(), sqlRoute.stop()]);
    out.push = await benchPush(ctx, app, pushUser, tempDir('raw'));
    out.pull = await benchPull(ctx, app, bigUser);
    Object.assign(out, await more(ctx, app, { bigUser, push1User }));
  } finally {
    await app.stop();
  }
  return out;
}

/** Runs the suite; answers its rows (`metrics`) and the app connection's SQLite pragmas the baselines used. */
export async function runServerBench(context) {
  const { say, options } = context;
  const metrics = [];
  let pragmas = {};
  if (options.stores.includes('sqlite')) {
    const store = sqliteStore(tempDir('main'));
    const out = await runOnStore(context, store, async (ctx, app) => ({ lag: await benchLogins(ctx, app) })).finally(() => store.close());
    out.rss = await benchRss(context);
    pragmas = out.pragmas;
    metrics.push(...serverMetrics(out, context));
  }
  if (options.stores.includes('postgres')) {
    let cluster;
    try {
      cluster = startPostgres();
    } catch (err) {
      say(`!!! PostgreSQL figures NOT measured: no cluster could be started (${err instanceof Error ? err.message.split('\n')[0] : err}); set BENCH_DATABASE_URL or install postgresql`);
      return { metrics, pragmas };
    }
    try {
      const store = await postgresStore(cluster.url, tempDir('pg-data'));
      try {
        const out = await runOnStore(context, store, async (ctx, app, users) => {
          // The second instance shares the first one's DATA_DIR (PostgreSQL claims none), so its JWT secret.
          const second = await startChild('app-runner.mjs', store.appEnv);
          try {
            return { two: await benchTwoInstances(ctx, [app, second], users.bigUser, users.push1User) };
          } finally {
            await second.stop();
          }
        });
        metrics.push(...postgresMetrics(out, context));
      } finally {
        await store.close();
      }
    } finally {
      cluster.stop();
    }
  }
  return { metrics, pragmas };
}
