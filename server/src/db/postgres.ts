import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.js';

/** Connections one server process keeps to PostgreSQL (`pg.Pool`); several instances share the server's limit. */
export const PG_POOL_SIZE = 20;

/**
 * Integers come back as JavaScript numbers, as they do from SQLite: `bigint` (int8) columns hold milliseconds
 * and byte totals, far below 2^53, and `count(*)` answers int8 too. `numeric` is never used.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export interface OpenedPostgres {
  db: Kysely<Database>;
  pool: pg.Pool;
}

/**
 * A pooled connection to the PostgreSQL store of `DATABASE_URL`. Every connection runs in UTC with
 * `synchronous_commit` as the server has it (on by default: an acknowledged push survives a crash).
 * A connection lost while idle is replaced by the pool; its error is logged, never thrown at the process.
 */
export function openPostgres(url: string, options: { max?: number; onError?: (err: Error) => void } = {}): OpenedPostgres {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? PG_POOL_SIZE,
    types,
    // A statement that waits this long for a lock or a connection is a stuck store: answer 503, don't hang.
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: 'adhd-superapp',
  });
  pool.on('error', (err) => options.onError?.(err));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool };
}
