import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';

/**
 * WAL checkpoints off the event loop (issue 14, metrics 3 and 4). SQLite's automatic checkpoint runs inside the
 * COMMIT that takes the WAL past `wal_autocheckpoint` pages, on the committing connection: better-sqlite3 is
 * synchronous, so the whole event loop stood still while it copied ~1,000 pages into the database file and
 * synced it twice. On this machine a third of the commits' time: a 50-task transaction's COMMIT averaged
 * 6.7 ms with it and 2.2 ms without (half of the total in the slowest 5 % of commits).
 *
 * Here a worker thread holds a second connection to the file and runs `PRAGMA wal_checkpoint(PASSIVE)` there,
 * `DELAY_MS` after a write committed (so one checkpoint takes in the writes of that time), one at a time.
 * A passive checkpoint never blocks the writer or the readers; it syncs the WAL before it copies frames (so it
 * covers commits whose deferred WAL sync has not run yet, see wal-sync.ts) and the database file after.
 * The main connection restarts the WAL at its next write once a checkpoint has copied all of it. The main
 * connection's own automatic checkpoint stays as a backstop, at BACKSTOP_PAGES, should the worker fall behind
 * or fail (the disk reserve of store.ts is larger than that WAL).
 */

/** After a commit, the checkpoint waits this long (ms) to take in the writes that follow. */
export const DELAY_MS = 200;
/** The main connection's own automatic checkpoint, in pages: a backstop (SQLite's default is 1,000). */
export const BACKSTOP_PAGES = 2_000;

/** The worker: a connection of its own to `workerData.file`, checkpointing on request. CommonJS, run by `eval`. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Sqlite = require(workerData.driver);
const db = new Sqlite(workerData.file, { fileMustExist: true });
db.pragma('synchronous = FULL');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ ok: true, result: checkpoint.get() });
  } catch (err) {
    parentPort.postMessage({ ok: false, error: String((err && err.message) || err) });
  }
});
`;

export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export class Checkpointer {
  private worker: Worker | null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  /** A write committed while a checkpoint ran: another one is due. */
  private again = false;
  private closing: Promise<void> | null = null;
  /** Checkpoints done, and the last one's answer (tests read them). */
  checkpoints = 0;
  last: CheckpointResult | null = null;
  /** Called when a checkpoint fails (the backstop then keeps the WAL bounded). */
  onError: (err: Error) => void = () => undefined;
  /** Callers of `checkpointNow` and `close` waiting for the running checkpoint. */
  private readonly waiters: (() => void)[] = [];

  constructor(
    file: string,
    private readonly delayMs = DELAY_MS,
  ) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver } });
    this.worker.unref();
    this.worker.on('message', (m: { ok: true; result: CheckpointResult } | { ok: false; error: string }) => {
      this.running = false;
      if (m.ok) {
        this.checkpoints++;
        this.last = m.result;
      } else this.onError(new Error(`WAL checkpoint failed: ${m.error}`));
      for (const w of this.waiters.splice(0)) w();
      if (this.again) {
        this.again = false;
        this.committed();
      }
    });
    this.worker.on('error', (err) => {
      this.worker = null;
      this.running = false;
      for (const w of this.waiters.splice(0)) w();
      this.onError(err);
    });
  }

  /** A write transaction committed: a checkpoint runs `delayMs` from now, unless one is already due. */
  committed(): void {
    if (!this.worker || this.closing) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, this.delayMs);
    this.timer.unref();
  }

  private start(): void {
    if (!this.worker || this.closing || this.running) return;
    this.running = true;
    this.worker.postMessage('checkpoint');
  }

  /** Run a checkpoint now and wait for it (tests). */
  checkpointNow(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.worker || this.closing) return resolve();
      this.waiters.push(resolve);
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.start();
    });
  }

  /** Let go of the worker's connection: after the running checkpoint, if any. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      const worker = this.worker;
      if (!worker) return;
      if (this.running) await new Promise<void>((resolve) => this.waiters.push(resolve));
      this.worker = null;
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('close');
      });
    })();
    return this.closing;
  }
}

const checkpointers = new WeakMap<object, Checkpointer>();

export function attachCheckpointer<DB>(db: Kysely<DB>, checkpointer: Checkpointer): void {
  checkpointers.set(db, checkpointer);
}

/** The checkpointer of an SQLite store in WAL mode (none for PostgreSQL or another journal mode). */
export function checkpointerOf<DB>(db: Kysely<DB>): Checkpointer | undefined {
  return checkpointers.get(db);
}
