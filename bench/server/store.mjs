// The store the server suite runs on: the embedded SQLite file (default) or PostgreSQL (`--store postgres`), seen
// from the bench's own process. Users and sessions are written directly in SQL (no Argon2 cost), as
// server/test/kit.ts does; the raw baselines of metrics 4 and 6 run on the same store. For PostgreSQL the bench
// uses BENCH_DATABASE_URL, or starts a throwaway cluster (scripts/pg-throwaway.sh: default settings,
// synchronous_commit=on) and stops it at the end; each run gets a database of its own.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median, newId, percentile, taskRow, taskSource } from '../lib.mjs';
import { openDb, tempDir, userInserter } from '../harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'server', 'package.json'));

/** The SQLite store of the app child's DATA_DIR (`dataDir`, created by the app at its start). */
export function sqliteStore(dataDir) {
  const file = path.join(dataDir, 'app.sqlite');
  let db = null;
  let add = null;
  const open = () => {
    db ??= openDb(file);
    add ??= userInserter(db);
    return db;
  };
  return {
    kind: 'sqlite',
    file,
    /** Environment of an app child on this store. */
    appEnv: { BENCH_DATA_DIR: dataDir },
    async addUser(email, passwordHash) {
      open();
      return add(email, passwordHash);
    },
    async countTasks(userId) {
      return open().prepare("SELECT count(*) AS n FROM entities WHERE user_id = ? AND type = 'task'").get(userId).n;
    },
    async close() {
      db?.close();
      db = null;
    },
  };
}

/** A throwaway PostgreSQL cluster in a temporary folder (scripts/pg-throwaway.sh), or the one of `url`. */
export function startPostgres(url = process.env.BENCH_DATABASE_URL) {
  if (url) return { url, stop() {} };
  const dir = tempDir('pg');
  const script = path.join(root, 'scripts', 'pg-throwaway.sh');
  const started = execFileSync('bash', [script, 'start', dir], { encoding: 'utf8' }).trim().split('\n').pop();
  return { url: started, stop: () => execFileSync('bash', [script, 'stop', dir]) };
}

/** A fresh database on the cluster of `serverUrl`, for one run; `drop()` removes it. */
export async function postgresStore(serverUrl, dataDir) {
  const pg = require('pg');
  const name = `bench_${newId().replace(/[^a-z0-9]/gi, '').toLowerCase().slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  // Another database on the same server: the URL's path names it (Unix-socket URLs have no host, so no `URL`).
  const [base, query] = serverUrl.split('?');
  const url = `${base.replace(/^(postgres(?:ql)?:\/\/[^/]*)(\/[^/]*)?$/, `$1/${name}`)}${query ? `?${query}` : ''}`;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  return {
    kind: 'postgres',
    url,
    pool,
    appEnv: { BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: url },
    async addUser(email, passwordHash = 'x') {
      const id = newId();
      const sessionId = newId();
      const now = new Date().toISOString();
      const expires = new Date(Date.now() + 24 * 3600_000).toISOString();
      await pool.query(
        `INSERT INTO users (id, email, name, password_hash, email_verified, accepted_terms_at, created_at, updated_at)
         VALUES ($1, $2, 'Bench User', $3, 1, $4, $4, $4)`,
        [id, email, passwordHash, now],
      );
      await pool.query(
        `INSERT INTO sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at, user_agent) VALUES ($1, $2, $3, $4, $4, $5, NULL)`,
        [sessionId, id, `bench-${sessionId}`, now, expires],
      );
      return { id, sessionId, email };
    },
    async countTasks(userId) {
      return Number((await pool.query("SELECT count(*) AS n FROM entities WHERE user_id = $1 AND type = 'task'", [userId])).rows[0].n);
    },
    async close() {
      await pool.end();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

const ENTITY_COLUMNS = ['user_id', 'type', 'id', 'data', 'parent_id', 'version', 'deleted', 'field_versions', 'created_at', 'updated_at'];

/**
 * Raw baseline of metric 4 on PostgreSQL: `batches` transactions of `batchSize` INSERTs (one prepared statement)
 * into a copy of `entities` (same columns and indexes, no foreign key), rows built inside the timed loop.
 */
export async function rawInsertsPostgres(store, { batches, batchSize }) {
  const client = await store.pool.connect();
  try {
    const table = `raw_entities_${newId().replace(/[^a-z0-9]/gi, '').toLowerCase().slice(0, 12)}`;
    await client.query(`CREATE TABLE ${table} (LIKE entities INCLUDING ALL)`);
    const text = `INSERT INTO ${table} (${ENTITY_COLUMNS.join(', ')}) VALUES (${ENTITY_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')})`;
    const userId = newId();
    const nextTask = taskSource(4);
    let version = 0;
    const once = async () => {
      await client.query('BEGIN');
      for (let i = 0; i < batchSize; i++) {
        const { id, fields } = nextTask();
        const row = taskRow(userId, id, fields, ++version, new Date().toISOString());
        await client.query({ name: `raw-insert-${table}`, text, values: ENTITY_COLUMNS.map((c) => row[c] ?? null) });
      }
      await client.query('COMMIT');
    };
    for (let i = 0; i < 5; i++) await once();
    const lat = [];
    const t0 = performance.now();
    for (let i = 0; i < batches; i++) {
      const s = performance.now();
      await once();
      lat.push(performance.now() - s);
    }
    const ms = performance.now() - t0;
    await client.query(`DROP TABLE ${table}`);
    return { ms, p50: median(lat), p99: percentile(lat, 99) };
  } finally {
    client.release();
  }
}
