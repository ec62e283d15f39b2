import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the built PWA at `/`. Unknown non-API paths get `index.html` so client-side routes load directly;
 * the service worker and HTML are never cached by the browser, hashed assets forever.
 */
export const staticClientPlugin = fp<{ root: string }>(
  async (app, opts) => {
    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: false,
      setHeaders(res, file) {
        const name = path.basename(file);
        if (name === 'sw.js' || name.endsWith('.html') || name.endsWith('.webmanifest')) {
          res.header('cache-control', 'no-cache');
        } else if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    app.get('/*', async (request, reply) => {
      const url = request.url.split('?')[0];
      if (url.startsWith('/api/') || url === '/api') {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
      const rel = decodeURIComponent(url).replace(/^\/+/, '');
      if (rel && !rel.includes('..') && path.extname(rel)) {
        return reply.sendFile(rel, opts.root);
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', opts.root);
    });
  },
  { name: 'static-client' },
);
