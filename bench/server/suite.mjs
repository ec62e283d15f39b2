// The server suite (metrics 1–7 on one app child seeded with the 10k-task user, then 17 on a second one) and
// its result rows. `context` is { say, options, sizes } (bench/run/options.mjs).
import path from 'node:path';
import { newId } from '../lib.mjs';
import { measureLogins, openDb, startChild, tempDir, userInserter, withTokens } from '../harness.mjs';
import { benchHttp } from './http.mjs';
import { benchRss } from './memory.mjs';
import { serverMetrics } from './metrics.mjs';
import { benchPull } from './pull.mjs';
import { benchPush, seedBigUser } from './push.mjs';

async function benchLogins({ say, sizes }, app, db) {
  const out = await measureLogins(app, db, { count: sizes.logins, say });
  if (out?.failed.length) throw new Error(`${out.failed.length} logins failed (first status ${out.failed[0].status})`);
  return out;
}

/** Runs the suite; answers its rows (`metrics`) and the app connection's SQLite pragmas the baselines used. */
export async function runServerBench(context) {
  const { say } = context;
  const mainDir = tempDir('main');
  const rawDir = tempDir('raw');
  say('starting the app server and the bare Fastify server (child processes)…');
  const [app, hello] = await Promise.all([startChild('app-runner.mjs', { BENCH_DATA_DIR: mainDir }), startChild('hello-server.mjs')]);
  const dbFile = path.join(mainDir, 'app.sqlite');
  app.dbFile = dbFile;
  const pragmas = await app.call('pragmas');
  say(`app SQLite pragmas: ${Object.entries(pragmas).map(([k, v]) => `${k}=${v}`).join(', ')} (the raw baselines use the same)`);
  const ctx = { ...context, pragmas };
  const db = openDb(dbFile);
  const out = {};
  try {
    const bigUser = await seedBigUser(ctx, app, db);
    const add = userInserter(db);
    const [pushUser, push1User] = await withTokens(app, [add(`push-${newId()}@example.com`), add(`push1-${newId()}@example.com`)]);
    out.http = await benchHttp(ctx, app, hello, bigUser, push1User);
    await hello.stop();
    out.push = await benchPush(ctx, app, db, pushUser, rawDir);
    out.pull = await benchPull(ctx, app, dbFile, bigUser);
    out.lag = await benchLogins(ctx, app, db);
  } finally {
    db.close();
    await app.stop();
  }
  out.rss = await benchRss(ctx);
  return { metrics: serverMetrics(out, ctx), pragmas };
}
