import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import { HttpError, notFound, tooManyRequests } from '../../lib/errors.js';
import { readTransaction } from '../../lib/transaction.js';
import { usersRepository } from '../user/repository.js';
import { eventsToIcs } from './ics.js';
import { importIcs } from './import.js';
import { deleteFeed, feedOwner, findFeed, readEvents, readTagNames, rotateFeed } from './repository.js';
import { IcsError } from './types.js';

/** The largest calendar file an import takes (a big calendar exports to about 1 MB per 3,000 events). */
export const ICS_MAX_BYTES = 5 * 1024 * 1024;
export const CALENDAR_NAME = 'ADHD SuperApp';
const ICS_TYPE = 'text/calendar; charset=utf-8';
/** A feed token: 32 random bytes, base64url (lib/ids.ts `newSecret`). */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/**
 * Calendar files (CONTRACT.md "calendar files", docs/calendar-files.md): the user's events as one `.ics`
 * (`GET /api/events/ics`), an import keyed by UID (`POST /api/events/ics`), and the private feed: a secret URL
 * (`POST`/`GET`/`DELETE /api/calendar-feed`) that calendar apps fetch without login (`GET /ics/{token}.ics`).
 */
export const calendarFileRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, opts) => {
  const auth = { preHandler: app.authenticate };
  const users = usersRepository(app.db);

  /** The user's zone for a file: the request's `x-timezone` when sent, else the account's. */
  const zoneOf = async (request: FastifyRequest, userId: string) =>
    request.headers['x-timezone'] ? request.timeZone : ((await users.findById(userId))?.timezone ?? 'UTC');

  const icsOf = async (userId: string, timeZone: string) => {
    const [events, tagNames] = await readTransaction(app.db, app.dbKind, (trx) => Promise.all([readEvents(trx, userId), readTagNames(trx, userId)]));
    return eventsToIcs(events, { calendarName: CALENDAR_NAME, timeZone, tagNames });
  };

  app.get('/api/events/ics', auth, async (request, reply) => {
    const userId = request.auth!.id;
    const text = await icsOf(userId, await zoneOf(request, userId));
    return reply.type(ICS_TYPE).header('content-disposition', 'attachment; filename="calendar.ics"').send(text);
  });

  // The import reads the file as text: `text/calendar` (what browsers send for .ics) or `text/plain`.
  app.addContentTypeParser('text/calendar', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post('/api/events/ics', { ...auth, bodyLimit: ICS_MAX_BYTES }, async (request) => {
    const userId = request.auth!.id;
    if (typeof request.body !== 'string') {
      throw new HttpError(400, 'VALIDATION', 'file: send the calendar file as text/calendar', [{ field: 'file', key: 'validation.invalid', message: 'Send the calendar file as text/calendar' }]);
    }
    try {
      return await importIcs(app.sync, userId, request.body, await zoneOf(request, userId));
    } catch (err) {
      if (!(err instanceof IcsError)) throw err;
      throw new HttpError(400, 'VALIDATION', `file: ${err.message}`, [{ field: 'file', key: 'validation.invalid', message: err.message }]);
    }
  });

  /** The feed URL of a token: PUBLIC_URL when set, else the address the request came to. */
  const feedUrl = (request: FastifyRequest, token: string) => `${opts.config.publicUrl ?? `${request.protocol}://${request.host}`}/ics/${token}.ics`;

  app.post('/api/calendar-feed', auth, async (request) => ({ url: feedUrl(request, await rotateFeed(app.db, request.auth!.id)) }));

  // Only the token's hash is stored, so the URL is shown once (when made): this says whether a feed is on.
  app.get('/api/calendar-feed', auth, async (request) => {
    const feed = await findFeed(app.db, request.auth!.id);
    return { active: !!feed, createdAt: feed?.createdAt ?? null };
  });

  app.delete('/api/calendar-feed', auth, async (request) => {
    await deleteFeed(app.db, request.auth!.id);
    return { success: true };
  });

  // The feed itself, without login and capped per IP like the other public routes.
  await app.register(async (feed) => {
    await feed.register(rateLimit, {
      global: true,
      max: opts.config.rateLimits.feedRequestsPerIpMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
    feed.get<{ Params: { file: string } }>('/ics/:file', async (request, reply) => {
      const token = FEED_FILE.exec(request.params.file)?.[1];
      const userId = token ? await feedOwner(app.db, token) : undefined;
      if (!userId) throw notFound('No calendar feed at this address');
      const text = await icsOf(userId, (await users.findById(userId))?.timezone ?? 'UTC');
      return reply.type(ICS_TYPE).header('cache-control', 'private, max-age=300').header('content-disposition', 'inline; filename="calendar.ics"').send(text);
    });
  });
};
