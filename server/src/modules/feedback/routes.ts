import type { FastifyPluginAsync } from 'fastify';

/** Issue 18: stub, filled by the feedback work. */
export const feedbackRoutes: FastifyPluginAsync = async () => {};
