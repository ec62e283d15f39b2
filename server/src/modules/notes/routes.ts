import type { FastifyPluginAsync } from 'fastify';

/** The notes routes of SPEC section 7. */
export const noteRoutes: FastifyPluginAsync = async () => {};
