import { performance } from 'node:perf_hooks';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { walSyncOf } from '../db/wal-sync.js';
import { writeTransaction } from './transaction.js';

type Trx = Kysely<Database> | Transaction<Database>;

/**
 * Runs one write (a sync push) of the user `key` in a transaction and answers once that transaction has
 * committed.
 */
export type WriteRunner = <T>(key: string, fn: (trx: Trx, scope: GroupScope) => Promise<T>) => Promise<T>;

/**
 * What the writes of one group (one transaction) may hand on to the later writes of that group, such as the
 * counters of a user whose lock an earlier write took: a value a write sets is seen by the writes after it only
 * once that write has succeeded (its savepoint released, so what it did, its locks included, stays in the
 * transaction); a write that fails leaves nothing behind. A write that runs alone gets a scope of its own.
 */
export class GroupScope {
  private readonly own = new Map<string, unknown>();

  constructor(private readonly shared = new Map<string, unknown>()) {}

  get<T>(key: string): T | undefined {
    return (this.own.has(key) ? this.own.get(key) : this.shared.get(key)) as T | undefined;
  }

  set(key: string, value: unknown): void {
    this.own.set(key, value);
  }

  /** The write succeeded: what it set is seen by the group's later writes. */
  keep(): void {
    for (const [key, value] of this.own) this.shared.set(key, value);
    this.own.clear();
  }
}

export interface GroupLimits {
  /** Writes in one group at most… */
  maxJobs: number;
  /**
   * …and a group takes no further write once its writes have run this long (ms): the commit that follows
   * (its WAL write and fsync) grows with what they wrote and blocks the event loop, and every write of the group
   * waits for it.
   */
  budgetMs: number;
}

export const GROUP_LIMITS: GroupLimits = { maxJobs: 64, budgetMs: 10 };

/**
 * The transaction runner of sync pushes (issue 14): group commit. On SQLite one group for every write (the one
 * connection writes one transaction at a time). On PostgreSQL one group per user: a user's writes wait for
 * that user's `sync_user` row lock one after another anyway, so the pushes of one user that arrive together
 * share one transaction, one lock and one commit on one pooled connection instead of each holding a connection
 * while it waits for the lock; different users' groups run at once on their own connections. A user's group is
 * forgotten when it has nothing left to run.
 */
export function groupedWrites(db: Kysely<Database>, kind: 'sqlite' | 'postgres', limits: GroupLimits = GROUP_LIMITS): WriteRunner {
  if (kind === 'sqlite') {
    const group = new GroupCommit(db, limits);
    return (_key, fn) => group.run(fn);
  }
  const groups = new Map<string, GroupCommit>();
  return (key, fn) => {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = new GroupCommit(db, limits, { kind, onIdle: () => groups.delete(key) })));
    return group.run(fn);
  };
}

export interface GroupOptions {
  /** The store (SQLite unless told): the transaction is `writeTransaction`'s on it. */
  kind?: 'sqlite' | 'postgres';
  /** Called when a group has committed and no write waits (the per-user map forgets the group). */
  onIdle?: () => void;
}

interface Job {
  fn: (trx: Trx, scope: GroupScope) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

type Outcome = { job: Job; ok: true; value: unknown } | { job: Job; ok: false; error: unknown };

function settle(outcomes: Outcome[]): void {
  for (const o of outcomes) {
    if (o.ok) o.job.resolve(o.value);
    else o.job.reject(o.error);
  }
}

/** The group's transaction is gone (SQLite rolled it back after an error): nothing of it can be committed. */
class TransactionLost extends Error {
  constructor(readonly reason: unknown) {
    super('the group transaction was rolled back');
  }
}

/**
 * Group commit (on the one SQLite connection, or on one PostgreSQL connection per user): the writes that arrive within one event-loop turn (and those that
 * arrive while a group runs) share one `BEGIN IMMEDIATE … COMMIT`, so one WAL fsync serves them all. Each runs in
 * its own SAVEPOINT, in arrival order: one that throws (a 409, a 403, a quota refusal, any error) is rolled back
 * alone and answers its own error, and a later write of the same client sees what an earlier one wrote. Every
 * write's promise settles only after the COMMIT; on SQLite only once the WAL is synced as well, which runs in the
 * thread pool while the next group already runs (db/wal-sync.ts). The busy retry and the page budget are `writeTransaction`'s.
 * If the COMMIT fails, or SQLite gives up the whole transaction, every write that ran in it is refused with that
 * error (none was acknowledged, so a client sends it again); writes that had not run yet go into the next group.
 */
export class GroupCommit {
  private queue: Job[] = [];
  private scheduled = false;
  private running = false;
  /** Groups committed and the writes in them (tests read these). */
  readonly stats = { groups: 0, jobs: 0 };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: GroupLimits = GROUP_LIMITS,
    private readonly options: GroupOptions = {},
  ) {}

  run<T>(fn: (trx: Trx, scope: GroupScope) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ fn, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /** The next group starts in the check phase: every request read in this loop turn has queued its write by then. */
  private schedule(): void {
    if (this.scheduled || this.running || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.runGroup();
    });
  }

  private async runGroup(): Promise<void> {
    this.running = true;
    const group = this.queue.splice(0, this.limits.maxJobs);
    const outcomes: Outcome[] = [];
    let next = 0;
    const kind = this.options.kind ?? 'sqlite';
    const walSync = kind === 'sqlite' ? walSyncOf(this.db) : undefined;
    try {
      await writeTransaction(this.db, kind, async (conn) => {
        if (group.length === 1) {
          // A write alone needs no savepoint (two statements less: a lone push, every sequential one): if it
          // throws, the transaction is rolled back whole and the write answers its own error (the catch below).
          outcomes.push({ job: group[0]!, ok: true, value: await group[0]!.fn(conn, new GroupScope()) });
          next = 1;
          return;
        }
        const started = performance.now();
        const shared = new Map<string, unknown>();
        for (; next < group.length; next++) {
          if (next > 0 && performance.now() - started > this.limits.budgetMs) break;
          outcomes.push(await this.runJob(conn, group[next]!, new GroupScope(shared)));
        }
      }, { deferSync: true });
      this.stats.groups++;
      this.stats.jobs += outcomes.length;
      if (walSync) {
        // Committed without its WAL sync (db/wal-sync.ts): the next group runs while the disk syncs this one,
        // whose writes are answered once it is on disk (or all refused if the sync fails: none acknowledged).
        void walSync.flush().then(
          () => settle(outcomes),
          (err: unknown) => {
            for (const o of outcomes) o.job.reject(o.ok ? err : o.error);
          },
        );
      } else settle(outcomes);
    } catch (err) {
      const groupError = err instanceof TransactionLost ? err.reason : err;
      for (const o of outcomes) o.job.reject(o.ok ? groupError : o.error);
      if (err instanceof TransactionLost) group[next++]!.reject(err.reason);
      // Writes that never ran: refused with the group's error when none ran (BEGIN found the store busy
      // for too long), else they go into the next group.
      if (outcomes.length === 0 && !(err instanceof TransactionLost)) {
        for (const job of group.slice(next)) job.reject(err);
        next = group.length;
      }
    } finally {
      this.queue.unshift(...group.slice(next));
      this.running = false;
      this.schedule();
      if (!this.scheduled && this.queue.length === 0) this.options.onIdle?.();
    }
  }

  private async runJob(conn: Trx, job: Job, scope: GroupScope): Promise<Outcome> {
    await sql`savepoint grouped_write`.execute(conn);
    try {
      const value = await job.fn(conn, scope);
      await sql`release grouped_write`.execute(conn);
      scope.keep();
      return { job, ok: true, value };
    } catch (error) {
      try {
        await sql`rollback to grouped_write`.execute(conn);
        await sql`release grouped_write`.execute(conn);
      } catch {
        throw new TransactionLost(error);
      }
      return { job, ok: false, error };
    }
  }
}
