import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A write transaction. On SQLite it is `BEGIN IMMEDIATE`, so the write lock is taken up front and two
 * processes on one file queue (busy_timeout) instead of failing halfway; on PostgreSQL a normal transaction
 * whose `sync_user` row update serializes one user's writes.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  fn: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (kind === 'postgres') return db.transaction().execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
}

/** A read transaction: one consistent snapshot for every query in `fn`. */
export async function readTransaction<T>(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  fn: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (kind === 'postgres') return db.transaction().setIsolationLevel('repeatable read').execute(fn);
  return db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    try {
      return await fn(conn);
    } finally {
      await sql`commit`.execute(conn).catch(() => undefined);
    }
  });
}
