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

/** The storage condition behind an error from SQLite or the file system, or null for any other error. */
export function storeFailureOf(err: unknown): StoreFailure | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
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

  constructor(
    sqlite: Sqlite.Database,
    private readonly dataDir: string,
  ) {
    this.pageSize = Number(sqlite.pragma('page_size', { simple: true }));
    void this.refreshFreeSpace();
  }

  get state(): StoreState {
    return this.last;
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
   * beyond the short busy timeout), and whether data writes have room again after a `full`.
   */
  async check<DB>(db: Kysely<DB>): Promise<StoreState> {
    try {
      await sql`select 1`.execute(db);
    } catch {
      return (this.last = 'unavailable');
    }
    try {
      const counts = await db.connection().execute(async (conn) => {
        await sql`begin immediate`.execute(conn);
        try {
          return await pageCounts(conn);
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

export async function pageCounts<DB>(db: Kysely<DB>): Promise<PageCounts> {
  const { rows } = await sql<PageCounts>`SELECT (SELECT * FROM pragma_page_count()) AS pages, (SELECT * FROM pragma_max_page_count()) AS maxPages`.execute(db);
  return { pages: Number(rows[0]!.pages), maxPages: Number(rows[0]!.maxPages) };
}

/** Sets the connection's page limit (a pragma takes no bound parameters, so the number is checked here). */
export async function setMaxPageCount<DB>(db: Kysely<DB>, pages: number): Promise<void> {
  if (!Number.isSafeInteger(pages) || pages < 1) throw new Error(`invalid page limit ${pages}`);
  await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
}

const monitors = new WeakMap<object, StoreMonitor>();

export function attachStore<DB>(db: Kysely<DB>, monitor: StoreMonitor): void {
  monitors.set(db, monitor);
}

/** The monitor of the database `db` was opened on (none for PostgreSQL or a Kysely made elsewhere). */
export function storeOf<DB>(db: Kysely<DB>): StoreMonitor | undefined {
  return monitors.get(db);
}
