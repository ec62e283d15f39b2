// Raw better-sqlite3 baselines of the server suite: the same queries and inserts as the app, without HTTP, auth,
// JSON or Kysely, on connections with the app's page cache and memory-mapped I/O (`pragmas`, read from the app's
// own connection at the start of the run).
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { INSERT_ENTITY_SQL, median, newId, percentile, taskRow, taskSource } from '../lib.mjs';

/** The app's read-side pragmas (cache_size, mmap_size) on `db`. */
function applyAppCache(db, pragmas) {
  if (pragmas.cache_size != null) db.pragma(`cache_size = ${Number(pragmas.cache_size)}`);
  if (pragmas.mmap_size != null) db.pragma(`mmap_size = ${Number(pragmas.mmap_size)}`);
}

/** A read-only connection with the app's cache and mmap settings, for raw SELECT baselines. */
export function openReadBaseline(file, pragmas) {
  const db = new Database(file, { readonly: true });
  applyAppCache(db, pragmas);
  return db;
}

/**
 * The SQL floor of GET /api/tasks?limit=100: the route's three queries (session, page, children of the page)
 * run directly through better-sqlite3 with cached statements. 1000 / floor is the most req/s one core could
 * serve even if HTTP, auth, JSON and Kysely cost nothing.
 */
export function tasksSqlFloor(dbFile, user, pragmas) {
  const db = openReadBaseline(dbFile, pragmas);
  const session = db.prepare(
    'SELECT s.id, s.user_id, s.expires_at, u.role, u.disabled FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.id = ?',
  );
  // The page and the children's parent links, as server/src/modules/tasks/repository.ts reads them.
  const cols = 'type, id, data, parent_id, version, deleted, created_at, updated_at';
  const page = db.prepare(`SELECT ${cols} FROM entities WHERE user_id = ? AND type = ? AND deleted = ? ORDER BY id LIMIT ? OFFSET ?`);
  const ids = page.all(user.id, 'task', 0, 100, 0).map((r) => r.id);
  const kids = db.prepare(
    `SELECT id, parent_id FROM entities WHERE user_id = ? AND type = ? AND parent_id IN (${ids.map(() => '?').join(', ')}) AND deleted = ?`,
  );
  const once = () => {
    session.get(user.sessionId);
    const rows = page.all(user.id, 'task', 0, 100, 0);
    kids.all(user.id, 'task', ...rows.map((r) => r.id), 0);
  };
  for (let i = 0; i < 50; i++) once();
  const n = 500;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) once();
  const floorMs = (performance.now() - t0) / n;
  db.close();
  return floorMs;
}

/**
 * Raw better-sqlite3 baseline of metric 4: the same row shape, `batchSize` INSERTs per BEGIN IMMEDIATE
 * transaction, on a fresh file with the app's `entities` schema (`schemaSql`).
 */
export function rawInserts({ file, synchronous, batches, batchSize, schemaSql, pragmas }) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  applyAppCache(db, pragmas);
  if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entities'").get()) {
    db.pragma('foreign_keys = OFF'); // the raw table has no users table to reference
    for (const s of schemaSql) db.exec(s);
  }
  const userId = newId();
  const insert = db.prepare(INSERT_ENTITY_SQL);
  const tx = db.transaction((rows) => {
    for (const r of rows) insert.run(r);
  });
  const nextTask = taskSource(4);
  let version = 0;
  const make = () =>
    Array.from({ length: batchSize }, () => {
      const { id, fields } = nextTask();
      return taskRow(userId, id, fields, ++version, new Date().toISOString());
    });
  for (let i = 0; i < 5; i++) tx.immediate(make()); // warm-up
  // Rows are built inside the timed loop, as the server builds its rows inside its push.
  const lat = [];
  const t0 = performance.now();
  for (let i = 0; i < batches; i++) {
    const s = performance.now();
    tx.immediate(make());
    lat.push(performance.now() - s);
  }
  const total = performance.now() - t0;
  db.close();
  return { ms: total, p50: median(lat), p99: percentile(lat, 99) };
}
