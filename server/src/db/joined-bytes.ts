import type Sqlite from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { answerBuffer } from '../lib/answer-buffer.js';

/**
 * `Dialect.joinedBytes` (dialect.ts): the text values of `SELECT column rest`, joined by commas between a head
 * and a tail, as one UTF-8 buffer — the pull's page (sync/pull.ts), 2–3 MB of change JSON built by the store.
 * Joining thousands of row strings in JavaScript and encoding the result again costs as much as reading the
 * rows; here each row's text is written into the buffer once.
 */

type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>;

const COMMA = 0x2c;

/**
 * Generic path (PostgreSQL, or a SQLite Kysely without a registered handle): the rows through Kysely, each
 * value encoded straight into a buffer sized by `Buffer.byteLength`.
 */
export async function joinedBytesOfRows(db: AnyDb, column: RawBuilder<unknown>, rest: RawBuilder<unknown>, head: string, tail: string): Promise<Buffer> {
  const { rows } = await sql<{ v: string | null }>`SELECT ${column} AS v ${rest}`.execute(db as Kysely<unknown>);
  const values = rows.map((r) => r.v ?? '');
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, values.length - 1);
  for (const v of values) size += Buffer.byteLength(v);
  const out = answerBuffer(size);
  let at = out.write(head, 0);
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out[at++] = COMMA;
    at += out.write(values[i]!, at);
  }
  out.write(tail, at);
  return out;
}

/** The better-sqlite3 handles of SQLite Kysely instances (keyed by their adapter, shared by their transactions). */
const handles = new WeakMap<object, RawStatements>();

/** Statements of one handle in pluck mode, prepared once (the pull's few SQL texts; bounded all the same). */
class RawStatements {
  private readonly cache = new Map<string, Sqlite.Statement>();
  constructor(private readonly sqlite: Sqlite.Database) {}

  pluck(source: string): Sqlite.Statement {
    let stmt = this.cache.get(source);
    if (!stmt) {
      if (this.cache.size >= 16) this.cache.delete(this.cache.keys().next().value!);
      stmt = this.sqlite.prepare(source).pluck();
      this.cache.set(source, stmt);
    }
    return stmt;
  }
}

/**
 * Let `joinedBytes` read `db`'s rows from its better-sqlite3 handle directly (plugins/db.ts `openSqlite`). The
 * handle is the one connection every query of `db` runs on, so a read made while a transaction of `db` holds
 * the connection sees that transaction's snapshot.
 */
export function attachSqliteHandle(db: AnyDb, sqlite: Sqlite.Database): void {
  handles.set(db.getExecutor().adapter, new RawStatements(sqlite));
}

/**
 * SQLite: each value read as a BLOB (its UTF-8 bytes as they are stored or built: no JavaScript string and no
 * row object per row) and copied once into the answer. `CAST(text AS BLOB)` gives the database's text encoding,
 * UTF-8 here (SQLite's default; the app never sets another).
 */
export async function joinedBytesSqlite(db: AnyDb, column: RawBuilder<unknown>, rest: RawBuilder<unknown>, head: string, tail: string): Promise<Buffer> {
  const raw = handles.get(db.getExecutor().adapter);
  if (!raw) return joinedBytesOfRows(db, column, rest, head, tail);
  const compiled = sql`SELECT CAST(${column} AS BLOB) ${rest}`.compile(db as Kysely<unknown>);
  const parts = raw.pluck(compiled.sql).all(...compiled.parameters) as (Buffer | null)[];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, parts.length - 1);
  for (const p of parts) size += p?.length ?? 0;
  const out = answerBuffer(size);
  let at = out.write(head, 0);
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out[at++] = COMMA;
    const part = parts[i];
    if (part) out.set(part, at);
    at += part?.length ?? 0;
  }
  out.write(tail, at);
  return out;
}
