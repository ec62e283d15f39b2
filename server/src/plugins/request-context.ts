import fp from 'fastify-plugin';
import { resolveTimeZone } from '@adhd/shared/time';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's IANA time zone from `x-timezone` (SPEC section 7), UTC when missing or invalid. */
    timeZone: string;
  }
}

export const requestContextPlugin = fp(
  async (app) => {
    app.decorateRequest('timeZone', 'UTC');
    app.addHook('onRequest', async (request) => {
      request.timeZone = resolveTimeZone(request.headers['x-timezone']);
    });
  },
  { name: 'request-context' },
);
