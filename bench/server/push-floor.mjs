// Where metric 4's time goes in SQLite alone (reported, not a metric): 50-task transactions written with raw
// better-sqlite3 prepared statements (synchronous=FULL, the app's pragmas) on a fresh app database, as
//   (a) `entities` rows into a copy of the table without triggers: metric 4's baseline;
//   (b) `entities` rows into the app's table, so its triggers run. Before migration 0019 these were the search
//       index of 0010 (every task, event, habit and inbox row written to `fts_search_ids` and the FTS5 table
//       `search_fts`); since 0019 (ADR 0007) they only append the row's key to the queue `search_dirty`;
//   (c) (b) plus what a push writes besides: its `tag_refs` rows, the `sync_user` counter and `sync_client`.
//   (d) since 0019 only: (c) plus the indexer's share, its drain of the queue (every 10 transactions, in its own
//       transaction with synchronous=NORMAL, as the server's indexer runs it), so the index's cost is still counted.
// (c) is the SQL floor of a 50-mutation push's own transaction; the app's push time above it is the engine's
// JavaScript. With BENCH_SERVER_DIST=<dist folder> the database is made by that build (the floor before a change).
//   node bench/server/push-floor.mjs     (needs a built server: npx tsc -b)
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { newId, taskRow, taskSource } from '../lib.mjs';
import { openDb, startChild, tempDir } from '../harness.mjs';

const dataDir = tempDir('push-floor');
const app = await startChild('app-runner.mjs', { BENCH_DATA_DIR: dataDir }); // creates and migrates the database
const distEnv = process.env.BENCH_SERVER_DIST;
const dist = !distEnv ? new URL('../../server/dist/', import.meta.url) : pathToFileURL(path.resolve(distEnv.includes('/') ? distEnv : `server/${distEnv}`) + '/');
const indexer = await import(new URL('db/search-index.js', dist).href).catch(() => null);
const pragmas = await app.call('pragmas');
await app.stop();
const db = openDb(path.join(dataDir, 'app.sqlite'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma(`cache_size = ${pragmas.cache_size ?? -32768}`);
db.pragma('foreign_keys = OFF');
const userId = newId();
db.exec('CREATE TABLE entities_bare AS SELECT * FROM entities WHERE 0');
for (const { sql } of db.prepare("SELECT sql FROM sqlite_master WHERE tbl_name = 'entities' AND type = 'index' AND sql IS NOT NULL").all()) {
  db.exec(sql.replace(/ON\s+"?entities"?/i, 'ON entities_bare').replace(/INDEX\s+"?(\w+)"?/i, 'INDEX $1_bare'));
}
const cols = ['user_id', 'type', 'id', 'data', 'parent_id', 'version', 'deleted', 'field_versions', 'created_at', 'updated_at'];
const insert = (table) => db.prepare(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
const bare = insert('entities_bare');
const full = insert('entities');
const tagRef = db.prepare('INSERT INTO tag_refs (user_id, tag_id, item_type, item_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
db.prepare('INSERT INTO sync_user (user_id, seq, min_version) VALUES (?, 0, 0)').run(userId);
const bump = db.prepare('UPDATE sync_user SET seq = seq + ? WHERE user_id = ?');
const client = db.prepare(
  'INSERT INTO sync_client (client_id, user_id, last_mutation_id, last_seen_at) VALUES (?, ?, ?, ?) ON CONFLICT (client_id) DO UPDATE SET last_mutation_id = excluded.last_mutation_id',
);
const values = (r) => cols.map((c) => r[c] ?? null);
const pushRest = (rows) => {
  bump.run(rows.length, userId);
  for (const r of rows) {
    full.run(values(r));
    for (const tag of JSON.parse(r.data).tags ?? []) tagRef.run(userId, tag, r.type, r.id);
  }
  client.run('floor', userId, rows.at(-1).version, new Date().toISOString());
};
const queued = indexer && db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'search_dirty'").get();
let drain = null;
if (queued) {
  const max = db.prepare('SELECT max(seq) FROM search_dirty').pluck();
  const steps = indexer.drainStatements().map((s) => db.prepare(s));
  const indexAll = db.transaction((bound) => steps.forEach((st) => st.run({ max: bound })));
  drain = () => {
    db.pragma('synchronous = NORMAL');
    indexAll.immediate(max.get());
    db.pragma('synchronous = FULL');
  };
}
let transactions = 0;
const variants = {
  '(a) entities, no triggers (the baseline)': (rows) => rows.forEach((r) => bare.run(values(r))),
  "(b) entities with the app's triggers": (rows) => rows.forEach((r) => full.run(values(r))),
  '(c) (b) + tag_refs, sync_user, sync_client': pushRest,
  ...(drain ? { '(d) (c) + the deferred indexer, a drain every 10 transactions': 'drain' } : {}),
};
const next = taskSource(4);
let version = 0;
const times = new Map(Object.keys(variants).map((k) => [k, []]));
for (let round = 0; round < 6; round++) {
  for (const [name, write] of Object.entries(variants)) {
    if (write === 'drain') drain(); // what (b) and (c) queued is not (d)'s work
    const t0 = performance.now();
    for (let i = 0; i < 40; i++) {
      const rows = Array.from({ length: 50 }, () => {
        const { id, fields } = next();
        return taskRow(userId, id, fields, ++version, new Date().toISOString());
      });
      db.exec('BEGIN IMMEDIATE');
      (write === 'drain' ? pushRest : write)(rows);
      db.exec('COMMIT');
      if (write === 'drain' && ++transactions % 10 === 0) drain();
    }
    transactions = 0;
    if (round > 0) times.get(name).push((performance.now() - t0) / 40); // round 0 warms up
  }
}
db.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`SQL of one 50-task transaction, median of 5 rounds of 40 (load ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}):`);
const base = median(times.values().next().value);
for (const [name, ts] of times) console.log(`  ${name}: ${median(ts).toFixed(2)} ms (${(median(ts) / base).toFixed(2)}×)`);
process.exit(0);
