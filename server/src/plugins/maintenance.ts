import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { runExclusive } from '../lib/jobs.js';
import { writeTransaction } from '../lib/transaction.js';
import { collectTombstones } from '../modules/sync/repository.js';
import { pruneWriteBuckets } from '../modules/sync/limits.js';
import { pruneRejections } from '../modules/sync/sync-state.js';

const DAY_MS = 86_400_000;
/** Tombstones are kept this long so offline devices still learn about deletes (design/sync.md §4). */
export const TOMBSTONE_TTL_DAYS = 90;
/**
 * A push's remembered rejections (docs/sync.md, push) are kept this long for a retry whose answer was lost;
 * the client retries within seconds, so only a device that went offline for a month at that moment misses one.
 */
export const REJECTION_TTL_DAYS = 30;

/**
 * Periodic housekeeping, off the request path: tombstones older than 90 days are removed and each user's
 * `min_version` raised, so a device that was away longer pulls from scratch (`reset: true`); remembered push
 * rejections older than 30 days are removed (one write transaction).
 *
 * Each user's collection is one write transaction: the deleted tombstones and the raised `min_version` commit
 * together or not at all (a crash in between used to leave deletes that no old cursor would ever notice). It
 * also runs once right after start-up (in the next turn, so `listen` is not held up), because a server that
 * is restarted more often than daily would otherwise never collect.
 *
 * With several instances on one PostgreSQL each has this timer, and a run holds the job's lock
 * (`runExclusive`, lib/jobs.ts): an instance that finds another one running it skips that turn.
 */
export const maintenancePlugin = fp<{ intervalMs?: number }>(
  async (app, opts) => {
    const collect = async () => {
      const before = new Date(Date.now() - TOMBSTONE_TTL_DAYS * DAY_MS).toISOString();
      // No DISTINCT: it would make SQLite walk the (user_id, version) index over every row instead of the
      // small partial tombstone index.
      const rows = await app.db
        .selectFrom('entities')
        .select('user_id')
        .where(sql<boolean>`deleted = 1`)
        .where('updated_at', '<', before)
        .execute();
      let removed = 0;
      for (const userId of new Set(rows.map((r) => r.user_id))) {
        removed += await writeTransaction(app.db, app.dbKind, (trx) => collectTombstones(trx, userId, before));
      }
      if (removed > 0) app.log.info({ removed }, 'old tombstones collected');
      const rejectedBefore = new Date(Date.now() - REJECTION_TTL_DAYS * DAY_MS).toISOString();
      const rejections = await writeTransaction(app.db, app.dbKind, (trx) => pruneRejections(trx, rejectedBefore));
      if (rejections > 0) app.log.info({ rejections }, 'old push rejections forgotten');
      await pruneWriteBuckets(app.db, app.sync.limits, Date.now());
    };
    /** Whether this instance ran it (false: another instance was running it). */
    const run = async () => {
      const ran = await runExclusive(app.db, 'maintenance', collect);
      if (!ran) app.log.info('maintenance skipped: another instance is running it');
      return ran;
    };

    let closing = false;
    let running: Promise<boolean> = Promise.resolve(false);
    /** Runs are chained: one at a time, in the order asked, each after `wait`. Answers whether it ran here. */
    const runLogged = (wait?: () => Promise<void>) => {
      if (closing) return running;
      running = running
        .then(wait)
        .then(() => (closing ? false : run()))
        .catch((err: unknown) => {
          app.log.warn({ err }, 'maintenance failed');
          return false;
        });
      return running;
    };

    const timer = setInterval(() => runLogged(), opts.intervalMs ?? DAY_MS);
    timer.unref();
    app.addHook('onReady', async () => {
      void runLogged(() => new Promise<void>((resolve) => setImmediate(resolve)));
    });
    // Registered after the db plugin, so this runs before the database closes: let a run in progress finish.
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await running;
    });
    app.decorate('runMaintenance', () => runLogged());
  },
  { name: 'maintenance', dependencies: ['db', 'sync-hub'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Run the maintenance job now; answers false when another instance was running it (PostgreSQL). */
    runMaintenance: () => Promise<boolean>;
  }
}
