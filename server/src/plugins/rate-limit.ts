import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/dialect.js';
import { tooManyRequests } from '../lib/errors.js';

/** Events that count toward a limit. Stored in `auth_events`, so limits survive restarts. */
export type LimitEventKind = 'login_failed' | 'code_sent' | 'reset_requested' | 'reset_sent' | 'code_failed' | 'feedback_sent';

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
   * limit (at most `max` are ever counted). The event stays recorded (a reset mail sent); see `begin` for password checks.
   */
  reserve(rules: LimitRule[], kind: LimitEventKind, key: LimitKey): Promise<number>;
  /**
   * Start a password check: the rules are checked counting the checks in flight (so concurrent requests cannot
   * all slip under a limit: at most `max` are ever evaluated), and the attempt holds its place until it ends.
   * On SQLite (one process, one connection) the place is held in memory and only a failure is written
   * (`failed`), so a successful sign-in costs no write of its own. On PostgreSQL (pooled connections, several
   * instances) the place is a row of `auth_events` written in the check's transaction, which holds an advisory
   * lock on each email and IP of the rules: a failure keeps the row (its time moved to the failure), a success
   * deletes it. A process that dies during the check leaves the row, counted as a failure.
   */
  begin(rules: LimitRule[], kind: LimitEventKind, key: LimitKey): Promise<Attempt>;
  /** Time (ms) of the newest event of a kind for an email or IP, or null. */
  lastAt(kind: LimitEventKind, key: LimitKey): Promise<number | null>;
  /** Forget the events of a kind for an email or IP (a password reset clears the failed-login count). */
  clear(kind: LimitEventKind, key: LimitKey): Promise<void>;
}

/** A password check in flight (`Limits.begin`); end it exactly once. */
export interface Attempt {
  succeeded(): Promise<void>;
  /** Record the failure (it counts from now on, also after a restart). */
  failed(): Promise<void>;
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

/** The guard of an attempt's end: a second call throws. */
function endsOnce(): () => void {
  let ended = false;
  return () => {
    if (ended) throw new Error('an attempt ends once');
    ended = true;
  };
}

/**
 * Locks (until the transaction ends) every email and IP the rules count by, in one order: two requests that
 * could count toward one rule take turns, whichever instance runs them (PostgreSQL; nothing on SQLite).
 */
async function lockRuleKeys(trx: Kysely<Database>, rules: LimitRule[], key: LimitKey) {
  const names = new Set([...rules.flatMap((r) => keyColumns(r.key)), ...keyColumns(key)].map(([col, value]) => `${col}:${value}`));
  for (const name of [...names].sort()) await dialectOf(trx).lockKey(trx, 'limit', name);
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

    /**
     * Evaluations of password checks and the writes of their failures take turns (SQLite, in memory): an
     * evaluation reads the stored failures and then the attempts in flight, and a failure that was stored after
     * the first read but left the in-flight set before the second would otherwise be counted by neither.
     */
    let turn: Promise<unknown> = Promise.resolve();
    const inTurn = <T>(fn: () => Promise<T>): Promise<T> => {
      const run = turn.then(fn, fn);
      turn = run.catch(() => undefined);
      return run;
    };

    /** Attempts in flight (`begin`), counted by every rule they match until they end. */
    const inFlight = new Set<{ kind: LimitEventKind; key: LimitKey; at: number }>();
    const inFlightTimes = (rule: LimitRule) =>
      [...inFlight]
        .filter((a) => rule.kinds.includes(a.kind) && keyColumns(rule.key).every(([col, value]) => a.key[col] === value))
        .map((a) => a.at);

    /** What the stored events say about a rule: a window's count and oldest time, or a backoff's times. */
    async function readRule(executor: typeof db, rule: LimitRule, now: number) {
      if (rule.backoff) {
        const rows = await matching(executor, rule, now - KEEP_MS).select('at').orderBy('at', 'desc').limit(BACKOFF_EVENTS).execute();
        return { times: rows.map((r) => r.at).reverse(), n: 0, oldest: null };
      }
      const row = await matching(executor, rule, now - rule.windowMs)
        .select([sql<number>`count(*)`.as('n'), sql<number | null>`min(at)`.as('oldest')])
        .executeTakeFirstOrThrow();
      return { times: [], n: Number(row.n), oldest: row.oldest };
    }

    /**
     * 429 when a rule is at its limit, counting the stored events and the attempts in flight. The stored events
     * are read first; the check against the attempts in flight then runs without a pause, so a caller that adds
     * its own attempt right after it cannot be overtaken by a concurrent one.
     */
    async function evaluate(executor: typeof db, rules: LimitRule[], now: number) {
      const stored: Awaited<ReturnType<typeof readRule>>[] = [];
      for (const rule of rules) stored.push(await readRule(executor, rule, now));
      rules.forEach((rule, i) => {
        const { times, n, oldest } = stored[i]!;
        const flying = inFlightTimes(rule);
        let wait: number;
        if (rule.backoff) {
          wait = backoffWait({ ...rule, backoff: rule.backoff }, [...times, ...flying].sort((a, b) => a - b), now);
        } else {
          const first = Math.min(oldest ?? now, ...flying);
          wait = n + flying.length < rule.max ? 0 : first + rule.windowMs - now;
        }
        if (wait > 0) throw tooManyRequests(Math.max(1, Math.ceil(wait / 1000)));
      });
    }

    const insert = (executor: typeof db, kind: LimitEventKind, key: LimitKey, now: number) =>
      executor
        .insertInto('auth_events')
        .values({ kind, email: key.email ?? null, ip: key.ip ?? null, at: now })
        .returning('id')
        .executeTakeFirstOrThrow();

    /**
     * Check the rules and record the event in one transaction that holds the rules' key locks, with the time
     * taken once the locks are held (the events counted may be newer than the request); answers the row.
     */
    const reserveRow = (rules: LimitRule[], kind: LimitEventKind, key: LimitKey) =>
      db.transaction().execute(async (trx) => {
        await lockRuleKeys(trx, rules, key);
        const at = Date.now();
        await evaluate(trx, rules, at);
        return insert(trx, kind, key, at);
      });

    /** An attempt whose place is its `auth_events` row (`begin` on a shared store). */
    const storedAttempt = (id: number): Attempt => {
      const end = endsOnce();
      return {
        async succeeded() {
          end();
          await db.deleteFrom('auth_events').where('id', '=', id).execute();
        },
        async failed() {
          end();
          await db.updateTable('auth_events').set({ at: Date.now() }).where('id', '=', id).execute();
        },
      };
    };

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
        const { id } = await reserveRow(rules, kind, key);
        await prune(Date.now());
        return id;
      },
      async begin(rules, kind, key) {
        if (!dialectOf(db).singleProcess) return storedAttempt((await reserveRow(rules, kind, key)).id);
        const attempt = { kind, key, at: 0 };
        await inTurn(async () => {
          attempt.at = Date.now();
          await evaluate(db, rules, attempt.at);
          inFlight.add(attempt);
        });
        const end = endsOnce();
        return {
          async succeeded() {
            end();
            inFlight.delete(attempt);
          },
          async failed() {
            end();
            await inTurn(async () => {
              try {
                // Stored before it leaves the in-flight set, so it never stops counting in between.
                await insert(db, kind, key, Date.now());
              } finally {
                inFlight.delete(attempt);
              }
            });
          },
        };
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
