import { statfs } from 'node:fs/promises';
import type Sqlite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';

/**
 * What the store can do right now, as `/api/health` reports it: `ok`; `busy` (another process holds the write
 * lock); `full` (no room for data writes); `readonly` (the file or its folder cannot be written);
 * `unavailable` (not even a read works).
 */
export type StoreState = 'ok' | 'busy' | 'full' | 'readonly' | 'unavailable';

export type StoreFailure = 'busy' | 'full' | 'readonly';

/**
 * PostgreSQL's SQLSTATEs (and the socket errors of a store that went away) that mean "try again shortly":
 * too many connections, starting up or shutting down, a lock or serialization conflict, a lost connection.
 */
const PG_BUSY = new Set(['53300', '57P01', '57P03', '55P03', '40001', '40P01', '08000', '08001', '08003', '08006', 'ECONNREFUSED', 'ECONNRESET']);

/** The storage condition behind an error from SQLite, PostgreSQL or the file system, or null for any other error. */
export function storeFailureOf(err: unknown): StoreFailure | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (PG_BUSY.has(code)) return 'busy';
  if (code === '53100') return 'full';
  if (code === '25006') return 'readonly';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT') return 'full';
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS') return 'readonly';
  return null;
}

/**
 * Disk space kept free for sign-in and session writes. Data writes (every `writeTransaction`: sync pushes and
 * REST writes) stop this far before the disk is full, or before the page limit of the connection; logins,
 * session rows and rate-limit records may use it. It is larger than SQLite's WAL between two checkpoints
 * (1,000 pages, about 4 MiB), which grows on disk without growing the page count.
 */
export const DISK_RESERVE_BYTES = 16 * 1024 * 1024;
/** How stale the free-space figure may be before a data write asks the file system again. */
const FREE_SPACE_MAX_AGE_MS = 1_000;
/** How long a health check that found the store busy answers for. */
const CHECK_MAX_AGE_MS = 1_000;

interface PageCounts {
  pages: number;
  maxPages: number;
}

/**
 * The store's state and its disk budget, one per open database. The state is what the last write (or the
 * last health probe) found; the budget turns the free disk space into a page limit for data writes.
 */
export class StoreMonitor {
  private last: StoreState = 'ok';
  private freeBytes: number | null = null;
  private freeCheckedAt = 0;
  private freeCheck: Promise<void> | null = null;
  readonly pageSize: number;

  private checkedAt = 0;
  private checking: Promise<StoreState> | null = null;

  constructor(
    private readonly sqlite: Sqlite.Database,
    private readonly dataDir: string,
  ) {
    this.pageSize = Number(sqlite.pragma('page_size', { simple: true }));
    void this.refreshFreeSpace();
  }

  /** Records the storage condition behind a failed request (other errors leave the state alone). */
  report(err: unknown): void {
    const failure = storeFailureOf(err);
    if (failure) this.last = failure;
  }

  /** A data write committed: the store serves again. */
  wrote(): void {
    this.last = 'ok';
  }

  refreshFreeSpace(): Promise<void> {
    this.freeCheck ??= statfs(this.dataDir)
      .then((s) => {
        this.freeBytes = Number(s.bavail) * Number(s.bsize);
      })
      .catch(() => {
        this.freeBytes = null;
      })
      .finally(() => {
        this.freeCheckedAt = Date.now();
        this.freeCheck = null;
      });
    return this.freeCheck;
  }

  /** The pragmas every data write runs, prepared once (`Database.pragma` prepares anew at every call). */
  private readonly pragmas = new Map<string, Sqlite.Statement>();

  /** Run a pragma from its prepared statement: its single value (a setting of `max_page_count` answers one too). */
  private pragma(source: string): unknown {
    let stmt = this.pragmas.get(source);
    if (!stmt) {
      stmt = this.sqlite.prepare(`PRAGMA ${source}`);
      if (stmt.reader) stmt.pluck();
      // A few texts at most: the two reads, and the limits a write sets (which change as the file grows).
      if (this.pragmas.size >= 8) this.pragmas.clear();
      this.pragmas.set(source, stmt);
    }
    return stmt.reader ? stmt.get() : stmt.run();
  }

  private pageCounts(): PageCounts {
    return {
      pages: Number(this.pragma('page_count')),
      maxPages: Number(this.pragma('max_page_count')),
    };
  }

  /**
   * Holds the data write about to run (inside its transaction, on the connection Kysely has lent it) to the
   * budget: the connection's `max_page_count` is lowered to `dataPageLimit`, and the returned function puts it
   * back. The pragmas run on the better-sqlite3 handle directly: they are synchronous on the one connection,
   * and their changing numbers would only churn the statement cache.
   */
  limitDataWrite(): () => void {
    const counts = this.pageCounts();
    this.pragma(`max_page_count = ${this.dataPageLimit(counts)}`);
    return () => {
      this.pragma(`max_page_count = ${counts.maxPages}`);
    };
  }

  /** The page limit for a data write: the reserve is kept below both the disk's free space and `maxPages`. */
  dataPageLimit({ pages, maxPages }: PageCounts): number {
    if (Date.now() - this.freeCheckedAt > FREE_SPACE_MAX_AGE_MS) void this.refreshFreeSpace();
    const reservePages = Math.ceil(DISK_RESERVE_BYTES / this.pageSize);
    let limit = maxPages - reservePages;
    if (this.freeBytes !== null) limit = Math.min(limit, pages + Math.floor((this.freeBytes - DISK_RESERVE_BYTES) / this.pageSize));
    return Math.max(pages, limit);
  }

  /**
   * A live check for `/api/health`: a read, then the write lock taken and given back at once (no waiting
   * beyond the short busy timeout), and whether data writes have room again after a `full`. Concurrent checks
   * share one, and a `busy` found stands for a second, so a stream of health requests cannot keep the loop
   * in busy timeouts.
   */
  check<DB>(db: Kysely<DB>): Promise<StoreState> {
    if (this.checking) return this.checking;
    if (this.last === 'busy' && Date.now() - this.checkedAt < CHECK_MAX_AGE_MS) return Promise.resolve(this.last);
    this.checking = this.runCheck(db).finally(() => {
      this.checkedAt = Date.now();
      this.checking = null;
    });
    return this.checking;
  }

  private async runCheck<DB>(db: Kysely<DB>): Promise<StoreState> {
    try {
      await sql`select 1`.execute(db);
    } catch {
      return (this.last = 'unavailable');
    }
    try {
      const counts = await db.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          return this.pageCounts();
        } finally {
          await sql`rollback`.execute(conn);
        }
      });
      if (this.last === 'full') {
        await this.refreshFreeSpace();
        if (this.dataPageLimit(counts) > counts.pages) this.last = 'ok';
      } else {
        this.last = 'ok';
      }
    } catch (err) {
      this.report(err);
      if (!storeFailureOf(err)) this.last = 'unavailable';
    }
    return this.last;
  }
}

const monitors = new WeakMap<object, StoreMonitor>();

export function attachStore<DB>(db: Kysely<DB>, monitor: StoreMonitor): void {
  monitors.set(db, monitor);
}

/** The monitor of the database `db` was opened on (none for PostgreSQL or a Kysely made elsewhere). */
export function storeOf<DB>(db: Kysely<DB>): StoreMonitor | undefined {
  return monitors.get(db);
}
