import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { withEventDefaults, type Event, type EventData } from '@adhd/shared/events/schema';
import {
  googleDisconnectBodySchema,
  googleEventsQuerySchema,
  googleSyncBodySchema,
  googleVisibilityBodySchema,
} from '@adhd/shared/google/calendar-schemas';
import type { GoogleCalendarStatus } from '@adhd/shared/google/types';
import type { AppConfig } from '../../config.js';
import { toApi } from '../../lib/api-row.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { newSecret } from '../../lib/ids.js';
import { publicBaseUrl } from '../auth/context.js';
import { listLive } from '../sync/repository.js';
import { fetchCalendarList } from './api.js';
import { GoogleUnavailable, notConnected, unavailable, upstreamError } from './http.js';
import { GoogleSyncJob } from './job.js';
import { authUrl, exchangeCode, pkcePair, revokeToken } from './oauth.js';
import * as repo from './repository.js';
import { DEFAULT_GOOGLE_TUNING, GoogleCalendarService, type GoogleCalendarTuning } from './service.js';
import { jobWindow, removeGoogleEvents, syncUser, type SyncWindow } from './sync.js';

export type { GoogleCalendarTuning };

export interface GoogleCalendarRouteOptions {
  config: AppConfig;
  tuning?: Partial<GoogleCalendarTuning>;
}

/** A sync or events window may span at most this many days. */
const MAX_WINDOW_DAYS = 400;
const DAY_MS = 86_400_000;

function windowOf(timeMin: string, timeMax: string, field: string): SyncWindow {
  const span = Date.parse(timeMax) - Date.parse(timeMin);
  if (span <= 0 || span > MAX_WINDOW_DAYS * DAY_MS) {
    const message = `The range must run forward and span at most ${MAX_WINDOW_DAYS} days`;
    throw badRequest([{ field, key: 'validation.invalid', message }], message);
  }
  return { timeMin, timeMax };
}

/**
 * The Google Calendar import over HTTP (SPEC section 7, issue 19 contract "HTTP"; docs/google-calendar.md). Every
 * route needs a login but the callback (authenticated by its single-use `state`). Without GOOGLE_CLIENT_ID and
 * GOOGLE_CLIENT_SECRET, `auth` answers 503 GOOGLE_UNAVAILABLE and status `available: false`; with the admin's
 * `googleCalendar` toggle off every route but status answers 403 FEATURE_DISABLED. Google unreachable, failing or
 * slow: 502 GOOGLE_UNAVAILABLE_UPSTREAM; no connection: 409 GOOGLE_NOT_CONNECTED.
 */
export const googleCalendarRoutes: FastifyPluginAsync<GoogleCalendarRouteOptions> = async (app, opts) => {
  const svc = new GoogleCalendarService(app, opts.config, { ...DEFAULT_GOOGLE_TUNING, ...opts.tuning });
  const job = new GoogleSyncJob(svc);
  if (svc.configured) {
    app.addHook('onReady', async () => job.start());
    app.addHook('onClose', async () => job.stop());
  }
  const auth = { preHandler: app.authenticate };
  const enabled = async () => {
    await app.features.assert('googleCalendar');
  };
  /** The connected user's id, or 409. */
  const connectedUser = async (request: FastifyRequest) => {
    const userId = request.auth!.id;
    const conn = await repo.findConnection(app.db, userId);
    if (conn?.status !== 'connected') throw notConnected();
    return userId;
  };
  /** Google's own failures as the contract's answers (502); our HttpErrors pass through. */
  const upstream = <T>(work: Promise<T>): Promise<T> =>
    work.catch((err: unknown) => {
      if (err instanceof HttpError) throw err;
      app.log.warn({ err }, 'google calendar: Google request failed');
      throw upstreamError();
    });
  /** Redirect URI: PUBLIC_URL, else (development) the request's loopback host, never a forged Host. */
  const redirectUri = (request: FastifyRequest) => `${publicBaseUrl(opts.config, request)}/api/google/calendar/callback`;
  /** Revokes the user's grant at Google, if there is one; a failure is logged (the user can also remove it there). */
  const revokeAtGoogle = async (userId: string) => {
    const conn = await repo.findConnection(app.db, userId);
    if (!conn?.refresh_token) return;
    try {
      await revokeToken(svc.oauth, (await svc.sealer()).open(conn.refresh_token));
    } catch (err) {
      app.log.warn({ err }, 'google calendar: revocation at Google failed');
    }
  };
  // A deleted account leaves no grant behind at Google (its rows go with the account).
  app.beforeAccountDeletion.push(revokeAtGoogle);
  /** Google's calendar list into the store (gone calendars' events removed); answers the stored list. */
  const refreshCalendars = async (userId: string) => {
    const gone = await repo.replaceCalendars(app.db, userId, await fetchCalendarList(svc, userId));
    for (const id of gone) await removeGoogleEvents(svc, userId, id);
  };

  app.get('/api/google/calendar/status', auth, async (request): Promise<GoogleCalendarStatus> => {
    const conn = await repo.findConnection(app.db, request.auth!.id);
    const on = svc.configured && (await app.features.get()).googleCalendar;
    return { connected: conn?.status === 'connected', available: on, message: conn?.message ?? null, lastSyncAt: conn?.last_sync_at ?? null };
  });

  app.get('/api/google/calendar/auth', auth, async (request) => {
    if (!svc.configured) throw unavailable();
    await enabled();
    const state = newSecret();
    const { verifier, challenge } = pkcePair();
    const uri = redirectUri(request);
    await repo.insertState(app.db, { state, userId: request.auth!.id, sealedVerifier: (await svc.sealer()).seal(verifier), redirectUri: uri });
    return { authUrl: authUrl(svc.oauth, uri, state, challenge) };
  });

  app.get('/api/google/calendar/callback', async (request: FastifyRequest<{ Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
    const q = request.query ?? {};
    const str = (v: unknown) => (typeof v === 'string' && v.length > 0 && v.length <= 2_000 ? v : null);
    const [code, state] = [str(q.code), str(q.state)];
    const fail = () => reply.redirect('/calendar?google=error', 302);
    if (!svc.configured || !state || !(await app.features.get()).googleCalendar) return fail();
    const taken = await repo.takeState(app.db, state);
    if (!taken || !code) return fail(); // forged, replayed, expired, or the user said no at Google
    const sealer = await svc.sealer();
    try {
      const tokens = await exchangeCode(svc.oauth, code, sealer.open(taken.sealedVerifier), taken.redirectUri);
      if (!tokens.refreshToken) throw new Error('Google handed out no refresh token');
      await repo.saveConnection(app.db, taken.userId, { access: sealer.seal(tokens.accessToken), refresh: sealer.seal(tokens.refreshToken), expiresAt: tokens.expiresAt });
    } catch (err) {
      request.log.warn({ err }, 'google calendar: code exchange failed');
      return fail();
    }
    try {
      await refreshCalendars(taken.userId);
      await syncUser(svc, taken.userId, jobWindow());
    } catch (err) {
      // Connected all the same: the calendars and events come with the next sync.
      request.log.warn({ err }, 'google calendar: first sync failed');
    }
    return reply.redirect('/calendar?google=connected', 302);
  });

  app.get('/api/google/calendar/calendars', auth, async (request) => {
    await enabled();
    const userId = await connectedUser(request);
    try {
      await refreshCalendars(userId);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (!(err instanceof GoogleUnavailable)) request.log.warn({ err }, 'google calendar: calendar list not refreshed');
    }
    return { calendars: (await repo.listCalendars(app.db, userId)).map(repo.calendarItem) };
  });

  app.get('/api/google/calendar/events', auth, async (request) => {
    await enabled();
    const userId = await connectedUser(request);
    const q = parse(googleEventsQuerySchema, request.query, 'query');
    const window = windowOf(q.start, q.end, 'end');
    const wanted = new Set(q.calendars.split(',').map((s) => s.trim()).filter(Boolean));
    const [from, to] = [window.timeMin.slice(0, 10), window.timeMax.slice(0, 10)];
    const events: Event[] = [];
    for (const row of await listLive(app.db, userId, 'event')) {
      const e = withEventDefaults(JSON.parse(row.data) as EventData);
      if (e.source !== 'google' || !e.calendarId || !wanted.has(e.calendarId)) continue;
      const overlaps = e.startDate <= to && (e.recurrence !== null || (e.endDate ?? e.startDate) >= from);
      if (overlaps) events.push(toApi<EventData>(row));
    }
    return { events };
  });

  app.post('/api/google/calendar/sync', auth, async (request) => {
    await enabled();
    const body = parse(googleSyncBodySchema, request.body);
    const userId = await connectedUser(request);
    if (body.calendarIds.length === 0) return { savedEvents: 0 };
    const fallback = jobWindow();
    const window = windowOf(body.timeMin ?? fallback.timeMin, body.timeMax ?? fallback.timeMax, 'timeMax');
    const result = await upstream(syncUser(svc, userId, window, body.calendarIds));
    if (result.synced === 0 && result.failed.length > 0) throw upstreamError();
    return { savedEvents: result.savedEvents };
  });

  app.post('/api/google/calendar/visibility', auth, async (request) => {
    await enabled();
    const body = parse(googleVisibilityBodySchema, request.body);
    const userId = await connectedUser(request);
    const row = await repo.setVisible(app.db, userId, body.calendarId, body.visible);
    if (!row) throw notFound('Calendar not found');
    if (!body.visible) {
      await removeGoogleEvents(svc, userId, body.calendarId);
    } else {
      const r = await syncUser(svc, userId, jobWindow(), [body.calendarId]).catch((err: unknown) => {
        if (err instanceof HttpError) throw err;
        return null;
      });
      for (const f of r?.failed ?? []) request.log.warn({ err: f.error }, 'google calendar: calendar shown again, its sync waits for the next turn');
    }
    return { calendar: repo.calendarItem(row) };
  });

  app.post('/api/google/calendar/disconnect', auth, async (request) => {
    await enabled();
    const body = parse(googleDisconnectBodySchema, request.body);
    const userId = request.auth!.id;
    await revokeAtGoogle(userId);
    await repo.deleteConnection(app.db, userId);
    if (body.deleteEvents) await removeGoogleEvents(svc, userId, null);
    return { success: true };
  });
};

