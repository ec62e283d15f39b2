import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';

/** `GET /api/health`, without auth, for load balancers and container health checks (CONTRACT.md). */
export const healthRoutes: FastifyPluginAsync<{ version: string }> = async (app, opts) => {
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { ok: true, version: opts.version, db: app.dbKind };
    } catch {
      return reply.status(503).send({ ok: false, version: opts.version, db: app.dbKind });
    }
  });
};
