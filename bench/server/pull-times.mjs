// Metric 6 measured inside the app's process (the runner's `pullTimes` command): the time the server takes to
// produce a full pull (every page of `app.sync.pullJson`, the JSON the route sends) against the raw SELECT
// of the same rows on the same store (`.all()` of better-sqlite3 on a read-only connection with the app's cache
// size, or one prepared query of `pg`), interleaved in the same process. No HTTP, no transfer, no client parse.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const require = createRequire(new URL('../../server/package.json', import.meta.url));
const SELECT =
  'SELECT type, id, data, parent_id, version, deleted, created_at, updated_at FROM entities WHERE user_id = $1 AND version > 0 ORDER BY version';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function rawSelect(app, dataDir) {
  if (app.dbKind === 'postgres') {
    const pg = require('pg');
    const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await client.connect();
    return {
      run: async (userId) => (await client.query({ name: 'raw-pull', text: SELECT, values: [userId] })).rows.length,
      close: () => client.end(),
    };
  }
  const Sqlite = require('better-sqlite3');
  const db = new Sqlite(path.join(dataDir, 'app.sqlite'), { readonly: true });
  db.pragma('cache_size = -32768');
  const stmt = db.prepare(SELECT.replace('$1', '?'));
  return { run: async (userId) => stmt.all(userId).length, close: () => db.close() };
}

export async function pullTimes(app, dataDir, { userId, pageSize, runs }) {
  const clientId = `pull-times-${process.pid}-xxxx`;
  const serverPull = async () => {
    let cursor = 0;
    let pages = 0;
    let bytes = 0;
    for (;;) {
      // The page as the route sends it: JSON text, or its UTF-8 bytes (a Buffer) since session 20.
      const page = await app.sync.pullJson(userId, clientId, { cursor, limit: pageSize });
      pages++;
      bytes += page.length;
      // The page's head: {"cursor":N,"hasMore":B,…
      const head = /^\{"cursor":(\d+),"hasMore":(true|false)/.exec(typeof page === 'string' ? page.slice(0, 100) : page.subarray(0, 100).toString());
      cursor = Number(head[1]);
      if (head[2] === 'false') return { pages, bytes };
    }
  };
  const raw = await rawSelect(app, dataDir);
  try {
    const time = async (fn) => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };
    let rows = 0;
    let shape = null;
    await serverPull();
    await raw.run(userId);
    const server = [];
    const select = [];
    for (let i = 0; i < runs; i++) {
      server.push(await time(async () => (shape = await serverPull())));
      select.push(await time(async () => (rows = await raw.run(userId))));
    }
    return { serverMs: median(server), serverAll: server, selectMs: median(select), selectAll: select, rows, ...shape };
  } finally {
    await raw.close();
  }
}
