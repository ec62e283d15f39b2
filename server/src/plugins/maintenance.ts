import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { collectTombstones } from '../modules/sync/repository.js';

const DAY_MS = 86_400_000;
/** Tombstones are kept this long so offline devices still learn about deletes (design/sync.md §4). */
export const TOMBSTONE_TTL_DAYS = 90;

/**
 * Periodic housekeeping, off the request path: tombstones older than 90 days are removed and each user's
 * `min_version` raised, so a device that was away longer pulls from scratch (`reset: true`).
 */
export const maintenancePlugin = fp<{ intervalMs?: number }>(
  async (app, opts) => {
    const run = async () => {
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
      for (const userId of new Set(rows.map((r) => r.user_id))) removed += await collectTombstones(app.db, userId, before);
      if (removed > 0) app.log.info({ removed }, 'old tombstones collected');
    };
    const timer = setInterval(() => run().catch((err) => app.log.warn({ err }, 'maintenance failed')), opts.intervalMs ?? DAY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    app.decorate('runMaintenance', run);
  },
  { name: 'maintenance', dependencies: ['db'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    runMaintenance: () => Promise<void>;
  }
}
