import fs from 'node:fs';
import type Sqlite from 'better-sqlite3';
import type { Kysely } from 'kysely';

/**
 * Group commit's durability off the event loop (issue 14, metric 3). With `synchronous=FULL` SQLite syncs the
 * WAL inside `COMMIT`, and better-sqlite3 is synchronous: the whole process stands still for the fsync (1–2 ms
 * on a quiet disk, far more under load), so a push's CPU work and its share of the disk's time add up instead
 * of overlapping. A group of pushes instead commits with `synchronous=NORMAL` (the WAL frames are written,
 * not synced) and then syncs the WAL file in libuv's thread pool (`flush`); its pushes are answered only once
 * that sync has completed, so an acknowledged push is exactly as durable as with FULL (an fsync of the file
 * covers every frame written before it started), while the next group already runs.
 *
 * Between its COMMIT and that sync a group's rows are visible to the connection but not yet durable. Nothing
 * that hands out versions may read them meanwhile: `readTransaction` (the pulls) first waits for `settled`,
 * so a device never learns a version a power cut could take back. Every other write keeps FULL, whose own sync
 * also covers the frames before it. Syncs never overlap: the callers that arrive while one runs share the next.
 */
export class WalSync {
  /** The sync running now, and the one the callers that arrived meanwhile wait for. */
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  /** Commits made without sync and not yet covered by a finished sync. */
  private unsynced = 0;
  /** How many of them the running sync covers (those committed before it started). */
  private runningCovers = 0;
  /** Syncs done (tests read it). */
  syncs = 0;

  /** The two pragmas, prepared once: `Database.pragma` prepares its statement anew at every call. */
  private readonly toNormal: Sqlite.Statement;
  private readonly toFull: Sqlite.Statement;

  constructor(
    sqlite: Pick<Sqlite.Database, 'prepare'>,
    private readonly walFile: string,
    /** Syncs the file to disk (tests hold it to see what waits for it). */
    private readonly syncer: FileSyncer = keptOpenSync(),
  ) {
    this.toNormal = sqlite.prepare('PRAGMA synchronous = NORMAL');
    this.toFull = sqlite.prepare('PRAGMA synchronous = FULL');
  }

  /** The database is closing: let go of the file. */
  close(): void {
    this.syncer.close();
  }

  /**
   * Before `BEGIN` (SQLite changes the level only outside a transaction), with the connection held: the next
   * COMMIT does not sync the WAL. The caller calls `committed` after that COMMIT, `restore` in any case, then
   * `flush`, and answers only once that has resolved.
   */
  relax(): void {
    this.toNormal.run();
  }

  committed(): void {
    this.unsynced++;
  }

  /** Back to FULL for every other write (whose own sync then also covers the frames before it). */
  restore(): void {
    this.toFull.run();
  }

  /** Resolves once everything committed before the call is on disk. */
  flush(): Promise<void> {
    if (!this.running) return (this.running = this.sync());
    this.next ??= this.running.then(
      () => this.startNext(),
      () => this.startNext(),
    );
    return this.next;
  }

  /** Resolves at once when no commit waits for its sync, else when those commits are on disk. */
  settled(): Promise<void> | null {
    if (this.unsynced === 0) return null;
    // The running sync already covers every commit so far: no further one is needed.
    if (this.running && !this.next && this.unsynced === this.runningCovers) return this.running;
    return this.flush();
  }

  private startNext(): Promise<void> {
    this.next = null;
    return (this.running = this.sync());
  }

  private async sync(): Promise<void> {
    const covered = (this.runningCovers = this.unsynced);
    try {
      await this.syncer.sync(this.walFile);
      this.unsynced -= covered;
      this.syncs++;
    } finally {
      if (!this.next) this.running = null;
    }
  }
}

/**
 * fdatasync of the WAL in the thread pool, on a descriptor kept open (no open and close per sync). Beside it an
 * fstat checks that the file still has its name: SQLite removes the WAL only when the last connection closes,
 * after checkpointing it whole into the (synced) database; if that happened, the descriptor is dropped and the
 * file now under that name (if any) is synced instead. The commits a sync covers were written before it began,
 * so a removal that matters to them happened before the fstat too.
 */
export interface FileSyncer {
  sync(file: string): Promise<void>;
  close(): void;
}

export function keptOpenSync(): FileSyncer {
  let fd: number | null = null;
  const openFd = (file: string) =>
    new Promise<number | null>((resolve, reject) =>
      fs.open(file, 'r+', (err, d) => (err ? (err.code === 'ENOENT' ? resolve(null) : reject(err)) : resolve(d))),
    );
  const datasync = (d: number) => new Promise<void>((resolve, reject) => fs.fdatasync(d, (err) => (err ? reject(err) : resolve())));
  const linked = (d: number) => new Promise<boolean>((resolve, reject) => fs.fstat(d, (err, st) => (err ? reject(err) : resolve(st.nlink > 0))));
  const drop = (d: number) => {
    if (fd === d) fd = null;
    fs.close(d, () => undefined);
  };
  async function sync(file: string): Promise<void> {
    fd ??= await openFd(file);
    const d = fd;
    if (d === null) return;
    try {
      const [, stillNamed] = await Promise.all([datasync(d), linked(d)]);
      if (stillNamed) return;
    } catch (err) {
      drop(d);
      throw err;
    }
    drop(d);
    await sync(file);
  }
  return { sync, close: () => fd !== null && drop(fd) };
}

const syncs = new WeakMap<object, WalSync>();

export function attachWalSync<DB>(db: Kysely<DB>, walSync: WalSync): void {
  syncs.set(db, walSync);
}

/** The WAL sync of the SQLite database `db` was opened on (none on PostgreSQL or for a Kysely made elsewhere). */
export function walSyncOf<DB>(db: Kysely<DB>): WalSync | undefined {
  return syncs.get(db);
}
