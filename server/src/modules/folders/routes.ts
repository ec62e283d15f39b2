import type { FastifyPluginAsync } from 'fastify';

/** The folders routes of SPEC section 7. */
export const folderRoutes: FastifyPluginAsync = async () => {};
