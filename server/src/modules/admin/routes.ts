import type { FastifyPluginAsync } from 'fastify';

/** Issue 18: stub, filled by the admin work. */
export const adminRoutes: FastifyPluginAsync = async () => {};
