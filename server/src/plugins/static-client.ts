import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageMetaResolver } from '@adhd/shared/site/page-meta';
import { MAX_PARAM_LENGTH, URI_TOO_LONG } from './errors.js';
import { injectHead, requestLocale, resolvePageMeta } from './page-head.js';

const NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';

export interface StaticClientOptions {
  root: string;
  /** PUBLIC_URL: the origin of the Open Graph URLs; without it (development) the request's origin. */
  publicUrl?: string | null;
  /** Heads of dynamic public pages (a news item), asked after the static table (docs/public-site.md). */
  pageMeta?: PageMetaResolver[];
}

/**
 * Serves the built PWA at `/`. Unknown non-API paths get `index.html` so client-side routes load directly;
 * the service worker and HTML are never cached by the browser, hashed assets forever. `/` is the prerendered
 * landing page (`landing/<locale>.html`, written by the client build) when it exists, so a visitor's first paint
 * needs no app bundle; each public page gets its own head (page-head.ts).
 */
export const staticClientPlugin = fp<StaticClientOptions>(
  async (app, opts) => {
    app.get('/', async (request, reply) => sendPage(request, reply, '/', '/'));
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
    const templates = new Map<string, Promise<string | null>>();
    const template = (file: string) => {
      let text = templates.get(file);
      if (!text) {
        text = readFile(path.join(opts.root, file), 'utf8').catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT' && file !== 'index.html') return null;
          templates.delete(file);
          throw err;
        });
        templates.set(file, text);
      }
      return text;
    };
    const resolvers = opts.pageMeta ?? [];
    const origin = (request: FastifyRequest) => opts.publicUrl ?? `${request.protocol}://${request.host}`;
    const sendHtml = (reply: FastifyReply, html: string) => {
      const nonce = randomBytes(16).toString('base64');
      const csp = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('content-security-policy', csp.replace(/style-src ([^;]*)/, `style-src $1 'nonce-${nonce}'`));
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html.replaceAll(NONCE_PLACEHOLDER, nonce));
    };
    const sendIndex = async (reply: FastifyReply) => sendHtml(reply, (await template('index.html'))!);
    /**
     * A page of the app at `page` (the URL's decoded path; `raw` as requested, for og:url): the landing for `/`,
     * else index.html; its own head when it has one.
     */
    const sendPage = async (request: FastifyRequest, reply: FastifyReply, page: string, raw: string) => {
      const locale = requestLocale(request);
      const html = (page === '/' ? await template(`landing/${locale}.html`) : null) ?? (await template('index.html'))!;
      const meta = page.length > 2000 ? null : await resolvePageMeta(page, locale, resolvers, (err) => request.log.warn({ err, page }, 'page head lookup failed'));
      // The answer differs by language: caches keep one copy per cookie and Accept-Language.
      reply.header('vary', 'cookie, accept-language');
      return sendHtml(reply, meta ? injectHead(html, meta, locale, origin(request), raw) : html);
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
      return sendPage(request, reply, `/${rel}`, url);
    });
  },
  { name: 'static-client' },
);
