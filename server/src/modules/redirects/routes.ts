import type { FastifyPluginAsync } from 'fastify';

/** Issue 18: stub, filled by the redirects work. */
export const redirectRoutes: FastifyPluginAsync = async () => {};
