import type { FastifyPluginAsync } from 'fastify';

/** Issue 18: stub, filled by the news work. */
export const newsRoutes: FastifyPluginAsync = async () => {};
