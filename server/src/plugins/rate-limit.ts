import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { tooManyRequests } from '../lib/errors.js';

/** Events that count toward a limit. Stored in `auth_events`, so limits survive restarts. */
export type LimitEventKind = 'login_failed' | 'code_sent' | 'reset_sent' | 'code_failed';

export interface LimitKey {
  email?: string | null;
  ip?: string | null;
}

/** At most `max` events of `kinds` for one email or one IP within `windowMs`. */
export interface LimitRule {
  kinds: LimitEventKind[];
  by: 'email' | 'ip';
  value: string;
  windowMs: number;
  max: number;
}

export interface Limits {
  /** 429 (with `retryAfter`) when any rule is at its maximum. */
  check(rules: LimitRule[]): Promise<void>;
  /** Record one event; answers its row id. */
  record(kind: LimitEventKind, key: LimitKey): Promise<number>;
  /**
   * Check the rules and record the event in one transaction, so concurrent requests cannot all slip under a
   * limit (at most `max` attempts are ever evaluated). `release` the reservation when the attempt succeeded.
   */
  reserve(rules: LimitRule[], kind: LimitEventKind, key: LimitKey): Promise<number>;
  release(id: number): Promise<void>;
  /** Time (ms) of the newest event of a kind for an email or IP, or null. */
  lastAt(kind: LimitEventKind, by: 'email' | 'ip', value: string): Promise<number | null>;
  /** Forget the events of a kind for an email or IP (a password reset clears the failed-login count). */
  clear(kind: LimitEventKind, by: 'email' | 'ip', value: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

const PRUNE_EVERY_MS = 10 * 60_000;
/** Longer than the longest window (one hour). */
const KEEP_MS = 24 * 3600_000;

/**
 * Persistent, event-counting limits for credentials (ASVS 6.3.1, 2.2.1): failed logins per account and IP,
 * code and reset-mail sends per IP and email, failed code checks per IP. Old rows are pruned now and then.
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const db = app.db;
    let lastPrune = 0;

    async function prune(now: number) {
      if (now - lastPrune < PRUNE_EVERY_MS) return;
      lastPrune = now;
      await db.deleteFrom('auth_events').where('at', '<', now - KEEP_MS).execute();
    }

    async function evaluate(executor: typeof db, rules: LimitRule[], now: number) {
      for (const rule of rules) {
        const row = await executor
          .selectFrom('auth_events')
          .select([sql<number>`count(*)`.as('n'), sql<number | null>`min(at)`.as('oldest')])
          .where('kind', 'in', rule.kinds)
          .where(rule.by, '=', rule.value)
          .where('at', '>', now - rule.windowMs)
          .executeTakeFirstOrThrow();
        if (Number(row.n) >= rule.max) {
          const oldest = row.oldest ?? now;
          throw tooManyRequests(Math.max(1, Math.ceil((oldest + rule.windowMs - now) / 1000)));
        }
      }
    }

    const insert = (executor: typeof db, kind: LimitEventKind, key: LimitKey, now: number) =>
      executor
        .insertInto('auth_events')
        .values({ kind, email: key.email ?? null, ip: key.ip ?? null, at: now })
        .returning('id')
        .executeTakeFirstOrThrow();

    const limits: Limits = {
      async check(rules) {
        await evaluate(db, rules, Date.now());
      },
      async record(kind, key) {
        const now = Date.now();
        const { id } = await insert(db, kind, key, now);
        await prune(now);
        return id;
      },
      async reserve(rules, kind, key) {
        const now = Date.now();
        const { id } = await db.transaction().execute(async (trx) => {
          await evaluate(trx, rules, now);
          return insert(trx, kind, key, now);
        });
        await prune(now);
        return id;
      },
      async release(id) {
        await db.deleteFrom('auth_events').where('id', '=', id).execute();
      },
      async lastAt(kind, by, value) {
        const row = await db
          .selectFrom('auth_events')
          .select(sql<number | null>`max(at)`.as('at'))
          .where('kind', '=', kind)
          .where(by, '=', value)
          .executeTakeFirst();
        return row?.at ?? null;
      },
      async clear(kind, by, value) {
        await db.deleteFrom('auth_events').where('kind', '=', kind).where(by, '=', value).execute();
      },
    };
    app.decorate('limits', limits);
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
