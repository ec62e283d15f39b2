import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Event } from '@adhd/shared/events/schema';
import type { BuildOptions } from '../src/app.js';
import type { FakeGoogle } from './fakes/google-calendar.js';
import { inject, type Caller, type TestOverrides } from './kit.js';

/**
 * Helpers of the Google Calendar import's tests (server/src/modules/google-calendar/*.test.ts): the config that
 * points a test app at the fake Google, the whole connect flow over HTTP, and reads of the imported rows.
 */

/** Config overrides for an app that talks to `google` (certs: a closed port, unused by the Calendar import). */
export const googleConfig = (google: FakeGoogle): TestOverrides => ({
  googleClientId: google.clientId,
  googleClientSecret: google.clientSecret,
  googleUrls: { ...google.urls, certs: 'http://127.0.0.1:9/certs' },
});

/** A 1 s timeout (tests never wait 10 s, yet a loaded CI machine is not mistaken for a slow Google) and a job that never fires during a test unless asked. */
export const googleBuild = (tuning: BuildOptions['googleCalendar'] = {}): BuildOptions => ({ googleCalendar: { requestTimeoutMs: 1_000, syncIntervalMs: 3_600_000, ...tuning } });

/** `GET /auth` as `as`, then the fake's authorisation page: answers the callback URL (path and query) Google sends the browser to. */
export async function authorise(app: FastifyInstance, as: Caller): Promise<{ authUrl: URL; callback: string }> {
  const res = await inject(app, as, 'GET', '/api/google/calendar/auth');
  expect(res.statusCode).toBe(200);
  const authUrl = new URL((res.json() as { authUrl: string }).authUrl);
  const page = await fetch(authUrl, { redirect: 'manual' });
  expect(page.status).toBe(302);
  const back = new URL(page.headers.get('location')!);
  expect(back.pathname).toBe('/api/google/calendar/callback');
  return { authUrl, callback: `${back.pathname}${back.search}` };
}

/** The whole connect flow (auth → Google → callback): expects the redirect to `/calendar?google=connected`. */
export async function connect(app: FastifyInstance, as: Caller): Promise<void> {
  const { callback } = await authorise(app, as);
  const res = await inject(app, null, 'GET', callback);
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe('/calendar?google=connected');
}

/** The user's live Google events as the REST list answers them, by Google event id (`sourceId`). */
export async function googleEvents(app: FastifyInstance, as: Caller): Promise<Map<string, Event>> {
  const res = await inject(app, as, 'GET', '/api/events');
  expect(res.statusCode).toBe(200);
  const all = res.json() as Event[];
  return new Map(all.filter((e) => e.source === 'google').map((e) => [`${e.calendarId}/${e.sourceId}`, e]));
}

export const sync = (app: FastifyInstance, as: Caller, calendarIds: string[], window: { timeMin?: string; timeMax?: string } = {}) =>
  inject(app, as, 'POST', '/api/google/calendar/sync', { calendarIds, ...window });
