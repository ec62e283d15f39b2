import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import { MAX_PARAM_LENGTH, URI_TOO_LONG } from './errors.js';

const NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';

/**
 * Serves the built PWA at `/`. Unknown non-API paths get `index.html` so client-side routes load directly;
 * the service worker and HTML are never cached by the browser, hashed assets forever.
 */
export const staticClientPlugin = fp<{ root: string }>(
  async (app, opts) => {
    app.get('/', async (_request, reply) => sendIndex(reply));
    await app.register(fastifyStatic, {
      root: opts.root,
      // Only `reply.sendFile`: the route below decides what to send, so index.html always gets its nonce.
      serve: false,
      setHeaders(res, file) {
        const name = path.basename(file);
        if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) {
          res.header('cache-control', 'no-cache');
        } else if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    /**
     * index.html with a fresh nonce: the page's meta tag and the CSP header carry the same value, so styles the
     * app injects at run time are allowed and nothing else inline is. The service worker caches header and
     * body together, so an offline start stays consistent.
     */
    let template: Promise<string> | null = null;
    const sendIndex = async (reply: FastifyReply) => {
      template ??= readFile(path.join(opts.root, 'index.html'), 'utf8');
      const nonce = randomBytes(16).toString('base64');
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', csp.replace(/style-src ([^;]*)/, `style-src $1 'nonce-${nonce}'`));
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send((await template).replaceAll(NONCE_PLACEHOLDER, nonce));
    };

    app.get('/*', async (request, reply) => {
      const url = request.url.split('?')[0]!;
      if (url.startsWith('/api/') || url === '/api') {
        // The router passed an over-long parameter on to this catch-all: the same 414 as without the client.
        if (url.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) return reply.status(414).send(URI_TOO_LONG);
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      let rel: string;
      try {
        rel = decodeURIComponent(url).replace(/^\/+/, '');
      } catch {
        return reply.status(400).send({ error: { code: 'BAD_URL', message: 'Malformed URL' } });
      }
      if (rel === 'index.html') return sendIndex(reply);
      if (rel && !rel.includes('..') && path.extname(rel)) {
        return reply.sendFile(rel, opts.root);
      }
      return sendIndex(reply);
    });
  },
  { name: 'static-client' },
);
