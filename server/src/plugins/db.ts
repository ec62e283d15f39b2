import path from 'node:path';
import Sqlite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Kysely, sql, SqliteAdapter, SqliteDialect, type DialectAdapter, type Driver } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Database } from '../db/schema.js';
import { claimDataDir, createPrivateFile } from '../db/data-dir.js';
import { attachStore, StoreMonitor } from '../db/store.js';
import { openPostgres } from '../db/postgres.js';
import { isPostgres } from '../db/dialect.js';
import { attachWalSync, WalSync } from '../db/wal-sync.js';
import { attachSearchIndexer, SearchIndexer, searchIndexerOf } from '../db/search-index.js';
import { migrations } from '../db/migrations/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dbKind: 'sqlite' | 'postgres';
  }
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  sqlite: Sqlite.Database;
}

/**
 * How long one statement waits for another process's lock. better-sqlite3 is synchronous, so this is how long
 * the event loop can stand still: writes retry asynchronously instead (writeTransaction, lib/transaction.ts).
 */
export const BUSY_TIMEOUT_MS = 50;

/**
 * Open the embedded SQLite file with the pragmas the sync design needs: WAL, synchronous=FULL (an acknowledged
 * push survives power loss), foreign keys, and a short busy timeout (BUSY_TIMEOUT_MS). The database gets a
 * StoreMonitor (db/store.ts) for its state and disk budget.
 */
export function openSqlite(file: string): OpenedDatabase {
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  // A 32 MiB page cache keeps hot rows in memory without growing the process much.
  sqlite.pragma('cache_size = -32768');
  const walSync = sqlite.pragma('journal_mode', { simple: true }) === 'wal' ? new WalSync(sqlite, `${file}-wal`) : undefined;
  const database = withStatementCache(sqlite, () => {
    indexer.close();
    walSync?.close();
  });
  const db = new Kysely<Database>({ dialect: new CooperativeSqliteDialect({ database }) });
  attachStore(db, new StoreMonitor(sqlite, path.dirname(file)));
  if (walSync) attachWalSync(db, walSync);
  // Search is indexed after the writes (ADR 0007); migrateToLatest indexes what a crash left queued.
  const indexer = new SearchIndexer(sqlite, db);
  attachSearchIndexer(db, indexer);
  return { db, sqlite };
}

const SLICE_MS = 4;
let sliceStart = 0;
let turnMarked = false;

/**
 * better-sqlite3 is synchronous and Kysely chains queries through microtasks, so many requests arriving
 * together (50 logins) could run all their queries in one event-loop turn and stall every other request.
 * Before a query, if the current turn has already run for SLICE_MS, wait for the next turn.
 */
async function yieldIfTurnIsLong(): Promise<void> {
  const now = performance.now();
  if (!turnMarked) {
    turnMarked = true;
    sliceStart = now;
    setImmediate(() => (turnMarked = false));
    return;
  }
  if (now - sliceStart > SLICE_MS) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * SQLite DDL is transactional: CREATE/DROP TABLE, FTS5 virtual tables, indexes and triggers all roll back with
 * the transaction. Kysely's SqliteAdapter reports otherwise, so its Migrator ran migrations outside any
 * transaction and a crash midway left half a schema (`table notes_fts already exists` at every later start).
 * With this flag the Migrator runs the pending migrations and their rows in `kysely_migration` in one
 * transaction: a crash or an error leaves the schema exactly as it was before the start.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class CooperativeSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      await yieldIfTurnIsLong();
      return acquire();
    };
    return driver;
  }
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew; better-sqlite3 statements can be reused, and preparing costs about as much
 * as running a small indexed query. Queries are serialized on the one connection, so a cached statement is
 * never used by two queries at once. Least recently used statements leave the cache first.
 */
function withStatementCache(sqlite: Sqlite.Database, onClose: () => void) {
  const cache = new Map<string, Sqlite.Statement>();
  return {
    close: () => {
      onClose();
      sqlite.close();
    },
    prepare(source: string) {
      let stmt = cache.get(source);
      if (stmt) {
        cache.delete(source);
      } else {
        stmt = sqlite.prepare(source);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(source, stmt);
      return stmt;
    },
  };
}

/**
 * Apply the pending migrations (all of them, or `set` in tests) in one transaction, so that a migration that
 * fails or a process killed midway leaves no trace and the next start simply runs them again.
 */
export async function migrateToLatest(db: Kysely<Database>, set: Record<string, Migration> = migrations): Promise<void> {
  // On PostgreSQL the Migrator's own tables live in the schema the store uses (its `search_path`): left
  // unnamed, it would take another schema's `kysely_migration` for its own.
  const schema = isPostgres(db) ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => set }, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  // The rows a crash left queued for search (SQLite, ADR 0007) are indexed before the store is used.
  await searchIndexerOf(db)?.drain();
}

export const dbPlugin = fp<{ dataDir: string; databaseUrl: string | null }>(
  async (app, opts) => {
    const { db, release } = opts.databaseUrl ? await openPostgresStore(app, opts.databaseUrl) : await openSqliteStore(opts.dataDir);
    app.decorate('db', db);
    const indexer = searchIndexerOf(db);
    if (indexer) indexer.onError = (err) => app.log.warn({ err }, 'search indexing failed; its rows stay queued');
    app.decorate('dbKind', opts.databaseUrl ? ('postgres' as const) : ('sqlite' as const));
    app.addHook('onClose', async () => {
      await db.destroy();
      release();
    });
  },
  { name: 'db' },
);

/** The embedded store: `DATA_DIR/app.sqlite`, claimed by this process alone, migrated. */
async function openSqliteStore(dataDir: string): Promise<{ db: Kysely<Database>; release: () => void }> {
  // Before anything touches the database: one server per DATA_DIR, owner-only permissions.
  const claim = claimDataDir(dataDir);
  try {
    const file = path.join(dataDir, 'app.sqlite');
    createPrivateFile(file);
    const opened = openSqlite(file);
    // At start-up nothing else waits on the event loop: let the migrations wait out a short external lock.
    opened.sqlite.pragma('busy_timeout = 5000');
    await migrateToLatest(opened.db).catch(async (err: unknown) => {
      await opened.db.destroy();
      throw err;
    });
    opened.sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    return { db: opened.db, release: () => claim.release() };
  } catch (err) {
    claim.release();
    throw err;
  }
}

/**
 * The PostgreSQL store of `DATABASE_URL`, shared by any number of instances: no DATA_DIR claim (the database
 * serializes what must be serialized). Instances starting together migrate one at a time: Kysely's Migrator
 * holds a PostgreSQL advisory lock while it runs, and the migrations run in one transaction.
 */
async function openPostgresStore(app: FastifyInstance, url: string): Promise<{ db: Kysely<Database>; release: () => void }> {
  const { db } = openPostgres(url, { onError: (err) => app.log.warn({ err }, 'PostgreSQL connection lost') });
  await migrateToLatest(db).catch(async (err: unknown) => {
    await db.destroy();
    throw err;
  });
  return { db, release: () => {} };
}
