import type { FastifyPluginAsync } from 'fastify';

/** Issue 18: stub, filled by the public-site work (donation links). */
export const siteRoutes: FastifyPluginAsync = async () => {};
