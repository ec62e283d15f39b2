// The baseline of metric 1: a bare Fastify route (no plugins, no logger) that runs the SQL of
// `GET /api/tasks?limit=100` with prepared statements and answers with `JSON.stringify`. It is what the route
// would cost written by hand: the session and its user (the session id in the `x-session` header, no JWT), the
// page of live tasks in id order, the live children of the page, each task built as the API answers it.
// On the app's SQLite file (BENCH_SQLITE_FILE, read-only, the app's cache size) or its PostgreSQL database
// (BENCH_DATABASE_URL, a pool as large as the app's, named prepared statements). Forked by the server suite.
import { createRequire } from 'node:module';
import Fastify from 'fastify';

const require = createRequire(new URL('../server/package.json', import.meta.url));
const COLS = 'type, id, data, parent_id, version, deleted, created_at, updated_at';
const SESSION = 'SELECT s.id, s.user_id, s.expires_at, u.role, u.disabled FROM sessions s INNER JOIN users u ON u.id = s.user_id WHERE s.id = ';
const PAGE = `SELECT ${COLS} FROM entities WHERE user_id = $1 AND type = 'task' AND deleted = 0 ORDER BY id LIMIT $2 OFFSET $3`;
const KIDS = "SELECT id, parent_id FROM entities WHERE user_id = $1 AND type = 'task' AND parent_id = ANY($2) AND deleted = 0";

function sqliteQueries(file) {
  const Sqlite = require('better-sqlite3');
  const db = new Sqlite(file, { readonly: true });
  db.pragma(`cache_size = ${Number(process.env.BENCH_CACHE_SIZE ?? -32768)}`);
  const session = db.prepare(`${SESSION}?`);
  const page = db.prepare(PAGE.replace(/\$\d/g, '?'));
  const kids = new Map();
  const kidsOf = (n) => {
    let stmt = kids.get(n);
    if (!stmt) kids.set(n, (stmt = db.prepare(`SELECT id, parent_id FROM entities WHERE user_id = ? AND type = 'task' AND parent_id IN (${Array(n).fill('?').join(', ')}) AND deleted = 0`)));
    return stmt;
  };
  return {
    session: async (id) => session.get(id),
    page: async (userId, limit, offset) => page.all(userId, limit, offset),
    kids: async (userId, ids) => (ids.length ? kidsOf(ids.length).all(userId, ...ids) : []),
  };
}

function postgresQueries(url) {
  const pg = require('pg');
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const q = async (name, text, values) => (await pool.query({ name, text, values })).rows;
  return {
    session: async (id) => (await q('session', `${SESSION}$1`, [id]))[0],
    page: (userId, limit, offset) => q('page', PAGE, [userId, limit, offset]),
    kids: (userId, ids) => q('kids', KIDS, [userId, ids]),
  };
}

const db = process.env.BENCH_DATABASE_URL ? postgresQueries(process.env.BENCH_DATABASE_URL) : sqliteQueries(process.env.BENCH_SQLITE_FILE);
const app = Fastify({ logger: false });
app.get('/api/tasks', async (request, reply) => {
  const session = await db.session(request.headers['x-session']);
  if (!session || session.disabled || Date.parse(session.expires_at) <= Date.now()) return reply.code(401).send({ error: 'unauthorized' });
  const limit = Math.min(Number(request.query.limit ?? 100), 1000);
  const offset = Number(request.query.offset ?? 0);
  const rows = await db.page(session.user_id, limit, offset);
  const children = new Map();
  for (const k of await db.kids(session.user_id, rows.map((r) => r.id))) {
    let list = children.get(k.parent_id);
    if (!list) children.set(k.parent_id, (list = []));
    list.push(k.id);
  }
  const tasks = rows.map((r) => ({
    _id: r.id,
    ...JSON.parse(r.data),
    children: children.get(r.id) ?? [],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: Number(r.version),
  }));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(tasks));
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ type: 'ready', port: app.server.address().port, pid: process.pid });
process.on('disconnect', () => process.exit(0));
process.once('SIGTERM', () => process.exit(0));
