import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import { notFound } from '../../lib/errors.js';
import { isVideoName, manifestReader, SAFE_NAME } from './manifest.js';

/** Videos change rarely and are large: a day in the browser's cache, then revalidated by ETag/Last-Modified. */
const VIDEO_CACHE = 'public, max-age=86400';

/**
 * Video mode ("brainrot", CONTRACT.md, docs/video-mode.md): the manifest of `BRAINROT_DIR/<category>/<file>.mp4`
 * for signed-in users while the brainrot toggle is on, and the files themselves with HTTP range requests.
 */
export const brainrotRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, opts) => {
  const root = opts.config.brainrotDir;
  const manifest = manifestReader(root, app.log);

  app.get('/api/brainrot/manifest', { preHandler: [app.authenticate, app.features.require('brainrot')] }, async () => manifest.read());

  // `reply.sendFile` for this plugin only (encapsulated): `send` answers Range with 206/416 and sets ETag.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    acceptRanges: true,
    cacheControl: false,
    // Only a file that is sent gets these; a 404 or 416 stays uncached.
    setHeaders: (res) => res.header('cache-control', VIDEO_CACHE),
    // A missing folder is normal (video mode unused): no start-up warning; the manifest is then empty.
    suppressWarning: true,
  });

  app.get<{ Params: { category: string; file: string } }>(
    '/brainrot/:category/:file',
    {
      // `send` reports an unsatisfiable range as an error carrying its `Content-Range: bytes */size` (RFC 9110).
      errorHandler(err: Error & { statusCode?: number; headers?: Record<string, string> }, _request, reply) {
        if (err.statusCode !== 416) throw err;
        const range = err.headers?.['Content-Range'];
        if (range) reply.header('content-range', range);
        return reply.code(416).send({ error: { code: 'RANGE_NOT_SATISFIABLE', message: 'Range not satisfiable' } });
      },
    },
    async (request, reply) => {
      const { category, file } = request.params;
      if (!SAFE_NAME.test(category) || !isVideoName(file)) throw notFound();
      // `send` sets video/mp4 from the extension, ETag and Last-Modified, and answers Range with 206.
      return reply.sendFile(`${category}/${file}`, root);
    },
  );
};
