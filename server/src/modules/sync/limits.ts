import { sql } from 'kysely';
import { PULL_MAX_BYTES } from '@adhd/shared/sync/protocol';
import { tooManyRequests } from '../../lib/errors.js';
import type { Db } from './rows.js';

/**
 * What one user may cost the server (issue 12, point 7). The defaults are far above what a person does; tests
 * and benchmarks pass their own through `buildApp(config, { syncLimits })`.
 */
export interface SyncLimits {
  /** Storage quota: UTF-8 bytes of the user's live rows' JSON (`USER_QUOTA_MB`). */
  quotaBytes: number;
  /** A pull page is cut once its rows' JSON reaches this many bytes (always at least one row). */
  pullMaxBytes: number;
  /** Write rate (token bucket per user): mutations a minute, refilled continuously… */
  writesPerMinute: number;
  /** …and the bucket's size, the burst a device may send at once (a long offline queue). */
  writeBurst: number;
  /**
   * A push stops taking further mutations of its batch once it has run this long (ms)… The event loop is not
   * held meanwhile (the engine yields every 10 ms, lib/pace.ts); this bounds how long one push holds the store.
   */
  batchBudgetMs: number;
  /**
   * …or staged this many row writes; the client sends the rest again. At least one mutation always runs. The
   * commit (its WAL write and fsync under synchronous=FULL) blocks the loop: 60–90 ms for 10,000 rows here,
   * 40–70 ms for 1,000 (security bench S4), so a batch stays well under 100 ms.
   */
  batchMaxRows: number;
  /**
   * Group commit on SQLite (lib/group-commit.ts): at most this many pushes share one commit… (1: a commit per
   * push, as before group commit)
   */
  groupCommitMax: number;
  /** …and a group takes no further push once its pushes have run this long (ms). */
  groupCommitBudgetMs: number;
  /** Open sync streams per user; a further one closes the user's oldest. */
  streamsPerUser: number;
  /** A stream sends a ping this often (ms), after checking that its session is still active. */
  streamPingMs: number;
  /** A write opens a new database epoch when the current one is older than this (ms). */
  epochRotateMs: number;
}

export const DEFAULT_SYNC_LIMITS: SyncLimits = {
  quotaBytes: 500 * 1024 * 1024,
  pullMaxBytes: PULL_MAX_BYTES,
  writesPerMinute: 600,
  writeBurst: 3_000,
  batchBudgetMs: 250,
  batchMaxRows: 1_000,
  groupCommitMax: 64,
  groupCommitBudgetMs: 10,
  streamsPerUser: 10,
  streamPingMs: 25_000,
  epochRotateMs: 5 * 60_000,
};

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A user's write budget: `check` refuses with 429 and `Retry-After` while the user's bucket is empty; `charge`
 * takes what a request cost afterwards (the mutations it ran), so a big push may leave the bucket in debt and
 * the next one waits. In memory on SQLite (`WriteLimiter`), in the store on PostgreSQL (`StoredWriteLimiter`).
 */
export interface WriteBudget {
  check(userId: string): void | Promise<void>;
  charge(userId: string, cost: number): void | Promise<void>;
}

type BucketLimits = Pick<SyncLimits, 'writesPerMinute' | 'writeBurst'>;

function refused(tokens: number, limits: BucketLimits) {
  const seconds = Math.max(1, Math.ceil(((1 - tokens) * 60) / limits.writesPerMinute));
  return tooManyRequests(seconds, 'Too many changes in a short time. Please wait a moment and try again');
}

/**
 * Per-user token buckets for writes, in memory (one process: SQLite).
 * `check` refuses with 429 and `Retry-After` while a user's bucket is empty; `charge` takes what a request cost
 * afterwards (the mutations it ran), so a big push may leave the bucket in debt and the next one waits.
 */
export class WriteLimiter implements WriteBudget {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: BucketLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  private bucket(userId: string): Bucket {
    const now = this.clock();
    const b = this.buckets.get(userId) ?? { tokens: this.limits.writeBurst, at: now };
    b.tokens = Math.min(this.limits.writeBurst, b.tokens + ((now - b.at) * this.limits.writesPerMinute) / 60_000);
    b.at = now;
    return b;
  }

  check(userId: string): void {
    const b = this.bucket(userId);
    if (b.tokens >= 1) return;
    throw refused(b.tokens, this.limits);
  }

  charge(userId: string, cost: number): void {
    const b = this.bucket(userId);
    b.tokens -= cost;
    if (b.tokens >= this.limits.writeBurst) this.buckets.delete(userId);
    else this.buckets.set(userId, b);
    if (this.buckets.size > 10_000) this.prune();
  }

  /** Forget the buckets that have refilled (they answer the same as a new one). */
  private prune(): void {
    for (const [userId] of this.buckets) if (this.bucket(userId).tokens >= this.limits.writeBurst) this.buckets.delete(userId);
  }
}

/**
 * The same buckets kept in the store (`write_buckets`, UNLOGGED on PostgreSQL), so every instance draws on one
 * bucket per user. `check` reads the row (checks of one user that arrive while it is read share that read); `charge` refills and charges it in one atomic upsert, so concurrent
 * charges from any instance all count (a check and its charge are not atomic, as in memory: requests checked
 * together may all pass and leave the bucket in debt). A charge that fails is dropped: the write it follows has
 * already committed and its answer must not fail. Full buckets are removed by the maintenance job.
 */
export class StoredWriteLimiter implements WriteBudget {
  constructor(
    private readonly db: Db,
    private readonly limits: BucketLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Per user: the bucket read under way, which checks that arrive meanwhile share (one read, not one each). */
  private readonly reading = new Map<string, Promise<{ tokens: number; at: number } | undefined>>();

  async check(userId: string): Promise<void> {
    let read = this.reading.get(userId);
    if (!read) {
      read = this.db
        .selectFrom('write_buckets')
        .select(['tokens', 'at'])
        .where('user_id', '=', userId)
        .executeTakeFirst()
        .finally(() => this.reading.delete(userId));
      this.reading.set(userId, read);
    }
    const row = await read;
    if (!row) return;
    const elapsed = Math.max(0, this.clock() - Number(row.at));
    const tokens = Math.min(this.limits.writeBurst, Number(row.tokens) + (elapsed * this.limits.writesPerMinute) / 60_000);
    if (tokens < 1) throw refused(tokens, this.limits);
  }

  /** Per user: the charge being written, and the costs that wait for it (charged together next). */
  private readonly writing = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, { cost: number; done: Promise<void> }>();

  /**
   * Charges of one user that arrive while one is being written are added up and written together once it is
   * done (one upsert, not one per write: a user's concurrent pushes all update that one row); each answers once
   * its cost is in the store. The maps hold only users with a charge under way.
   */
  charge(userId: string, cost: number): Promise<void> {
    const queued = this.waiting.get(userId);
    if (queued) {
      queued.cost += cost;
      return queued.done;
    }
    const current = this.writing.get(userId);
    if (!current) return this.write(userId, cost);
    const entry = { cost, done: Promise.resolve() };
    entry.done = current.then(() => {
      this.waiting.delete(userId);
      return this.write(userId, entry.cost);
    });
    this.waiting.set(userId, entry);
    return entry.done;
  }

  private write(userId: string, cost: number): Promise<void> {
    const done = this.upsert(userId, cost).finally(() => {
      if (this.writing.get(userId) === done) this.writing.delete(userId);
    });
    this.writing.set(userId, done);
    return done;
  }

  private async upsert(userId: string, cost: number): Promise<void> {
    const now = this.clock();
    const burst = this.limits.writeBurst;
    const rate = sql`CAST(${this.limits.writesPerMinute / 60_000} AS double precision)`;
    // Portable SQL (CASE, not least/greatest); instances' clocks may differ a little: time never runs back.
    const refilled = sql`write_buckets.tokens + (CASE WHEN ${now} > write_buckets.at THEN ${now} - write_buckets.at ELSE 0 END) * ${rate}`;
    await this.db
      .insertInto('write_buckets')
      .values({ user_id: userId, tokens: burst - cost, at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          tokens: sql`(CASE WHEN ${refilled} > ${burst} THEN ${burst} ELSE ${refilled} END) - ${cost}`,
          at: sql`CASE WHEN ${now} > write_buckets.at THEN ${now} ELSE write_buckets.at END`,
        }),
      )
      .execute()
      .catch(() => undefined);
  }
}

/** Remove the buckets that have refilled (they answer the same as no row); answers how many. */
export async function pruneWriteBuckets(db: Db, limits: BucketLimits, now: number): Promise<number> {
  const refillMs = Math.ceil((limits.writeBurst * 60_000) / limits.writesPerMinute);
  const res = await db.deleteFrom('write_buckets').where('at', '<', now - refillMs).executeTakeFirst();
  return Number(res.numDeletedRows);
}
