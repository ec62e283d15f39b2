import type { FastifyPluginAsync } from 'fastify';

/** The habits routes of SPEC section 7. */
export const habitRoutes: FastifyPluginAsync = async () => {};
