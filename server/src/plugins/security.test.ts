import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityPlugin } from './security.js';

/**
 * The security plugin sets helmet's headers from a middleware built once; they must be exactly the headers
 * @fastify/helmet (which builds it on every request) sets with the same options, on API routes, pages and 404s.
 */
describe('the security headers', () => {
  const headersOf = async (register: (app: FastifyInstance) => PromiseLike<unknown>) => {
    const app = Fastify();
    await register(app);
    app.get('/api/x', async () => ({ ok: true }));
    app.get('/page', async (_request, reply) => reply.type('text/html').send('<p>hi</p>'));
    await app.ready();
    const out: Record<string, unknown>[] = [];
    for (const url of ['/api/x', '/page', '/missing']) {
      const { headers } = await app.inject({ method: 'GET', url });
      const { date, ...rest } = headers;
      expect(date).toBeDefined();
      out.push(rest);
    }
    await app.close();
    return out;
  };

  for (const googleSignIn of [false, true]) {
    it(`are @fastify/helmet's${googleSignIn ? ' with Google sign-in' : ''}`, async () => {
      const ours = await headersOf((app) => app.register(securityPlugin, { googleSignIn }));
      const theirs = await headersOf(async (app) => {
        await app.register(fastifyHelmet, helmetOptions(googleSignIn));
        app.addHook('onSend', async (request, reply) => {
          if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
        });
      });
      expect(ours).toEqual(theirs);
      expect(String(ours[0]!['content-security-policy'])).toContain("default-src 'self'");
      expect(String(ours[0]!['content-security-policy']).includes('accounts.google.com')).toBe(googleSignIn);
      expect(ours[0]!['cache-control']).toBe('no-store');
    });
  }
});
