import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { tooManyRequests } from '../lib/errors.js';

/** Events that count toward a limit. Stored in `auth_events`, so limits survive restarts. */
export type LimitEventKind = 'login_failed' | 'code_sent' | 'reset_requested' | 'reset_sent' | 'code_failed';

export interface LimitKey {
  email?: string | null;
  ip?: string | null;
}

/**
 * At most `max` events of `kinds` within `windowMs` for the events matching `key` (its email, its IP, or both);
 * over it, wait until the oldest counted event leaves the window. With `backoff` the rule throttles instead: see
 * `backoffWait`.
 */
export interface LimitRule {
  kinds: LimitEventKind[];
  key: LimitKey;
  windowMs: number;
  max: number;
  backoff?: { firstMs: number; maxMs: number };
}

/** Events a backoff rule reads at most (newest first); the throttle itself keeps their number small. */
const BACKOFF_EVENTS = 500;

/**
 * Milliseconds a backoff rule makes the next event wait (0: none), from its events' times in ascending order.
 * Events belong to one streak while no gap between them is longer than `maxMs + windowMs`. Once a streak has had
 * `max` events within `windowMs`, every event after that one waits `firstMs` after the newest event, doubled per
 * further event, up to `maxMs`: 10 failures in 15 minutes, then 1, 2, 4 … 60 minutes, staying at an hour while the
 * failures go on; an hour and a quarter without any ends the streak.
 */
export function backoffWait(rule: LimitRule & { backoff: { firstMs: number; maxMs: number } }, times: number[], now: number): number {
  const { firstMs, maxMs } = rule.backoff;
  let start = 0;
  for (let i = 1; i < times.length; i++) if (times[i] - times[i - 1] > maxMs + rule.windowMs) start = i;
  if (times.length && now - times[times.length - 1] > maxMs + rule.windowMs) return 0;
  for (let i = start + rule.max - 1; i < times.length; i++) {
    if (times[i] - times[i - rule.max + 1] > rule.windowMs) continue;
    const further = times.length - 1 - i;
    // The exponent is capped so the doubling never overflows, whatever the count.
    const delay = Math.min(maxMs, firstMs * 2 ** Math.min(further, 40));
    return Math.max(0, times[times.length - 1] + delay - now);
  }
  return 0;
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
  lastAt(kind: LimitEventKind, key: LimitKey): Promise<number | null>;
  /** Forget the events of a kind for an email or IP (a password reset clears the failed-login count). */
  clear(kind: LimitEventKind, key: LimitKey): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limits: Limits;
  }
}

const PRUNE_EVERY_MS = 10 * 60_000;
/** Longer than the longest window (one hour). */
const KEEP_MS = 24 * 3600_000;

/** A key must name at least one of email and IP: a rule over "every event" is a programming error. */
function keyColumns(key: LimitKey): ['email' | 'ip', string][] {
  const cols = (['email', 'ip'] as const).flatMap((c) => (key[c] ? [[c, key[c]] as ['email' | 'ip', string]] : []));
  if (!cols.length) throw new Error('a limit key needs an email or an IP');
  return cols;
}

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

    function matching(executor: typeof db, rule: LimitRule, since: number) {
      let q = executor.selectFrom('auth_events').where('kind', 'in', rule.kinds).where('at', '>', since);
      for (const [col, value] of keyColumns(rule.key)) q = q.where(col, '=', value);
      return q;
    }

    async function windowWait(executor: typeof db, rule: LimitRule, now: number): Promise<number> {
      const row = await matching(executor, rule, now - rule.windowMs)
        .select([sql<number>`count(*)`.as('n'), sql<number | null>`min(at)`.as('oldest')])
        .executeTakeFirstOrThrow();
      return Number(row.n) < rule.max ? 0 : (row.oldest ?? now) + rule.windowMs - now;
    }

    async function eventTimes(executor: typeof db, rule: LimitRule, now: number): Promise<number[]> {
      const rows = await matching(executor, rule, now - KEEP_MS).select('at').orderBy('at', 'desc').limit(BACKOFF_EVENTS).execute();
      return rows.map((r) => r.at).reverse();
    }

    async function evaluate(executor: typeof db, rules: LimitRule[], now: number) {
      for (const rule of rules) {
        const wait = rule.backoff
          ? backoffWait({ ...rule, backoff: rule.backoff }, await eventTimes(executor, rule, now), now)
          : await windowWait(executor, rule, now);
        if (wait > 0) throw tooManyRequests(Math.max(1, Math.ceil(wait / 1000)));
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
      async lastAt(kind, key) {
        let q = db.selectFrom('auth_events').select(sql<number | null>`max(at)`.as('at')).where('kind', '=', kind);
        for (const [col, value] of keyColumns(key)) q = q.where(col, '=', value);
        const row = await q.executeTakeFirst();
        return row?.at ?? null;
      },
      async clear(kind, key) {
        let q = db.deleteFrom('auth_events').where('kind', '=', kind);
        for (const [col, value] of keyColumns(key)) q = q.where(col, '=', value);
        await q.execute();
      },
    };
    app.decorate('limits', limits);
  },
  { name: 'rate-limit', dependencies: ['db'] },
);
