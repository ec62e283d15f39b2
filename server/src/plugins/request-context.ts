import fp from 'fastify-plugin';
import { resolveTimeZone } from '@adhd/shared/time';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The request's IANA time zone from `x-timezone` (SPEC section 7) under its canonical name, whatever the
     * header's spelling; UTC when missing or invalid. Resolving it caches nothing per spelling (issue 12, point 2).
     */
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
