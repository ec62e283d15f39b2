import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { storeOf, type StoreState } from '../../db/store.js';

/**
 * `GET /api/health`, without auth, for load balancers and container health checks (CONTRACT.md):
 * `{ ok, version, db, store, instance }` (`instance`: `INSTANCE_ID`, which process answered), where `store` is `ok`, `busy`, `full`, `readonly` or `unavailable` (a live
 * check, db/store.ts). 503 with `ok: false` whenever the store cannot serve writes.
 */
export const healthRoutes: FastifyPluginAsync<{ version: string; instanceId: string }> = async (app, opts) => {
  app.get('/api/health', async (_request, reply) => {
    const monitor = storeOf(app.db);
    let store: StoreState;
    if (monitor) {
      store = await monitor.check(app.db);
    } else {
      store = await sql`select 1`.execute(app.db).then(
        () => 'ok' as const,
        () => 'unavailable' as const,
      );
    }
    const ok = store === 'ok';
    return reply.status(ok ? 200 : 503).send({ ok, version: opts.version, db: app.dbKind, store, instance: opts.instanceId });
  });
};
