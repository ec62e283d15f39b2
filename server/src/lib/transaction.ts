import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { storeFailureOf, storeOf } from '../db/store.js';
import { walSyncOf } from '../db/wal-sync.js';
import { searchIndexerOf } from '../db/search-index.js';

/** How long a write waits in total for another process's write lock before answering 503. */
export const BUSY_WAIT_MS = 1_000;
/**
 * The pause between two attempts; the event loop is free meanwhile (each attempt blocks at most the
 * connection's short busy timeout, see openSqlite).
 */
const BUSY_RETRY_DELAY_MS = 50;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A write transaction. On SQLite it is `BEGIN IMMEDIATE`, so the write lock is taken up front and nothing has
 * run when it cannot be had: when another process holds the lock, the attempt is repeated after a pause with
 * the connection released (reads go on meanwhile) for up to BUSY_WAIT_MS; then the SQLITE_BUSY error is
 * thrown, which the error handler (plugins/errors.ts) answers 503 STORE_BUSY with `Retry-After`.
 * Data writes are held to the store's page budget (db/store.ts), so the last DISK_RESERVE_BYTES stay free for
 * sign-in; a write over it fails with SQLITE_FULL (answered 507 STORAGE_FULL).
 * On PostgreSQL a normal transaction whose `sync_user` row update serializes one user's writes.
 */
export async function writeTransaction<T>(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  fn: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  if (kind === 'postgres') return db.transaction().execute(fn);
  return sqliteWriteTransaction(db, fn, options);
}

export interface WriteOptions {
  /**
   * SQLite: commit without syncing the WAL (db/wal-sync.ts); the caller must then `walSyncOf(db).flush()` and
   * answer only once that has resolved. Ignored where there is no WAL sync (PostgreSQL, a store not in WAL mode).
   */
  deferSync?: boolean;
}

/**
 * `writeTransaction` on SQLite: `BEGIN IMMEDIATE` retried while another process holds the lock, the page budget,
 * and `COMMIT` (or `ROLLBACK` when `fn` throws). Group commit (group-commit.ts) runs its groups through it.
 */
export async function sqliteWriteTransaction<T>(
  db: Kysely<Database>,
  fn: (conn: Kysely<Database>) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  const store = storeOf(db);
  const walSync = options.deferSync ? walSyncOf(db) : undefined;
  const deadline = performance.now() + BUSY_WAIT_MS;
  for (;;) {
    let begun = false;
    try {
      const result = await db.connection().execute(async (conn) => {
        // SQLite changes the sync level only outside a transaction: around it, with the connection held.
        walSync?.relax();
        try {
          await sql`begin immediate`.execute(conn);
          begun = true;
          const unlimit = store?.limitDataWrite();
          try {
            const value = await fn(conn);
            await sql`commit`.execute(conn);
            walSync?.committed();
            return value;
          } catch (err) {
            // SQLite has already rolled back after some errors (SQLITE_FULL among them).
            await sql`rollback`.execute(conn).catch(() => undefined);
            throw err;
          } finally {
            unlimit?.();
          }
        } finally {
          walSync?.restore();
        }
      });
      store?.wrote();
      // The rows it changed are indexed for search shortly (ADR 0007; a search drains the queue first).
      searchIndexerOf(db)?.poke();
      return result;
    } catch (err) {
      // Out of time, the SQLITE_BUSY error itself goes on: the error handler answers it 503 STORE_BUSY.
      if (storeFailureOf(err) !== 'busy' || begun || performance.now() + BUSY_RETRY_DELAY_MS > deadline) throw err;
      await sleep(BUSY_RETRY_DELAY_MS);
    }
  }
}

/** A read transaction: one consistent snapshot for every query in `fn`. */
export async function readTransaction<T>(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  fn: (trx: Kysely<Database> | Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (kind === 'postgres') return db.transaction().setIsolationLevel('repeatable read').execute(fn);
  // Never read a group's rows before they are on disk (db/wal-sync.ts): a pull would hand out their versions.
  // Checked with the connection held (no commit comes between the check and `begin`); the first wait is without
  // it (writes go on), a second one with it, so a stream of groups cannot starve the read.
  const walSync = walSyncOf(db);
  for (let attempt = 0; ; attempt++) {
    const outcome = await db.connection().execute(async (conn) => {
      const unsynced = walSync?.settled();
      if (unsynced && attempt === 0) return { unsynced };
      if (unsynced) await unsynced;
      await sql`begin`.execute(conn);
      try {
        return { value: await fn(conn) };
      } finally {
        await sql`commit`.execute(conn).catch(() => undefined);
      }
    });
    if (!('unsynced' in outcome)) return outcome.value;
    await outcome.unsynced;
  }
}
