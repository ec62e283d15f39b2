import { PULL_MAX_BYTES } from '@adhd/shared/sync/protocol';
import { tooManyRequests } from '../../lib/errors.js';

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
 * Per-user token buckets for writes, in memory (one process; with several instances each counts its own).
 * `check` refuses with 429 and `Retry-After` while a user's bucket is empty; `charge` takes what a request cost
 * afterwards (the mutations it ran), so a big push may leave the bucket in debt and the next one waits.
 */
export class WriteLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limits: Pick<SyncLimits, 'writesPerMinute' | 'writeBurst'>,
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
    const seconds = Math.max(1, Math.ceil(((1 - b.tokens) * 60) / this.limits.writesPerMinute));
    throw tooManyRequests(seconds, 'Too many changes in a short time. Please wait a moment and try again');
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
