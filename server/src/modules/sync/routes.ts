import type { FastifyPluginAsync } from 'fastify';
import { MIN_CLIENT_SCHEMA, pullRequestSchema, pushRequestSchema } from '@adhd/shared/sync/protocol';
import { HttpError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { sessionActive } from './sync-state.js';

function checkSchemaVersion(version: number | undefined) {
  if (version !== undefined && version < MIN_CLIENT_SCHEMA) {
    throw new HttpError(426, 'CLIENT_TOO_OLD', 'This app version is too old to sync. Please reload the app');
  }
}

/** The replication endpoints (docs/sync.md): push, pull and the SSE poke stream. */
export const syncRoutes: FastifyPluginAsync = async (app) => {
  // Open streams are ended before the server closes, or close would wait for them forever.
  app.addHook('preClose', async () => app.syncHub.endAll());

  app.post('/api/sync/push', { preHandler: app.authenticate }, async (request) => {
    const body = parse(pushRequestSchema, request.body);
    checkSchemaVersion(body.schemaVersion);
    return app.sync.push(request.auth!.id, body.clientId, body.mutations);
  });

  app.post('/api/sync/pull', { preHandler: app.authenticate }, async (request, reply) => {
    const body = parse(pullRequestSchema, request.body);
    checkSchemaVersion(body.schemaVersion);
    const json = await app.sync.pullJson(request.auth!.id, body.clientId, body);
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/api/sync/stream', { preHandler: app.authenticate }, async (request, reply) => {
    const { id: userId, sessionId } = request.auth!;
    const version = await app.sync.currentVersion(userId);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (v: number) => res.write(`event: poke\ndata: ${JSON.stringify({ version: v })}\n\n`);
    res.write('retry: 3000\n\n');
    send(version); // on every (re)connect: the current version, so a client that missed pokes catches up
    const ping = setInterval(() => {
      // A session can also end without a call to the hub (expiry, a disabled or deleted account).
      void sessionActive(app.db, sessionId, new Date().toISOString()).then((active) => (active ? res.write(': ping\n\n') : end()), end);
    }, app.sync.limits.streamPingMs);
    const stop = () => {
      clearInterval(ping);
      unsubscribe();
    };
    const end = () => {
      stop();
      res.end();
    };
    const unsubscribe = app.syncHub.subscribe({ userId, sessionId, poke: send, end });
    request.raw.on('close', stop);
  });
};
