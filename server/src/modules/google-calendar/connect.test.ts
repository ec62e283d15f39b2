import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_CALENDAR_SCOPE } from '@adhd/shared/google/types';
import { FAKE_PRIMARY, startFakeGoogle, type FakeGoogle } from '../../../test/fakes/google-calendar.js';
import { authorise, connect, googleBuild, googleConfig, googleEvents, sync } from '../../../test/google-calendar.js';
import { registerUser, TEST_PASSWORD } from '../../../test/helpers.js';
import { inject, seedAdmin, seedUser, useServerTest, withTestApp, type ServerTestOptions } from '../../../test/kit.js';
import { TEST_STORE } from '../../../test/stores.js';
import { REVOKED_MESSAGE } from './service.js';

/**
 * Connecting and disconnecting over HTTP against the fake Google: the authorisation address, the callback's
 * refusals (forged, replayed, expired state), tokens at rest, refresh and revocation, disconnect keeping or
 * deleting the imported events, one user against another, the admin toggle and a server without Google.
 */

const today = new Date().toISOString().slice(0, 10);

let google: FakeGoogle;
beforeAll(async () => {
  google = await startFakeGoogle();
  google.state.putEvent(FAKE_PRIMARY, { id: 'ev1', summary: 'Dentist', start: { date: today }, end: { date: today } });
});
afterAll(() => google.close());

const t = useServerTest({
  get config() {
    return googleConfig(google);
  },
  build: googleBuild(),
} as ServerTestOptions);

const status = async (as = t.user) => (await inject(t.app, as, 'GET', '/api/google/calendar/status')).json();

describe('Google Calendar connection', () => {
  it('asks Google for a read-only, offline grant with PKCE S256 and a fresh state each time', async () => {
    expect(await status()).toEqual({ connected: false, available: true, message: null, lastSyncAt: null });
    const a = await authorise(t.app, t.user);
    const q = a.authUrl.searchParams;
    expect(`${a.authUrl.origin}${a.authUrl.pathname}`).toBe(google.urls.oauth);
    expect(Object.fromEntries(q)).toMatchObject({
      client_id: google.clientId,
      response_type: 'code',
      scope: GOOGLE_CALENDAR_SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      redirect_uri: expect.stringMatching(/\/api\/google\/calendar\/callback$/),
    });
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const b = await authorise(t.app, t.user);
    expect(b.authUrl.searchParams.get('state')).not.toBe(q.get('state'));
    expect(b.authUrl.searchParams.get('code_challenge')).not.toBe(q.get('code_challenge'));
    expect((await t.callAs(null, 'GET', '/api/google/calendar/auth')).statusCode).toBe(401);
  });

  it('is checked by the fake as by Google: a code needs its PKCE verifier and the same redirect URI', async () => {
    const { authUrl, callback } = await authorise(t.app, t.user);
    const code = new URLSearchParams(callback.split('?')[1]).get('code')!;
    const form = { grant_type: 'authorization_code', code, client_id: google.clientId, client_secret: google.clientSecret, redirect_uri: authUrl.searchParams.get('redirect_uri')!, code_verifier: 'x'.repeat(43) };
    const res = await fetch(google.urls.token, { method: 'POST', body: new URLSearchParams(form) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    const page = await fetch(`${google.urls.oauth}?${new URLSearchParams({ ...Object.fromEntries(authUrl.searchParams), code_challenge_method: 'plain' })}`, { redirect: 'manual' });
    expect(page.status).toBe(400);
  });

  it('refuses a forged, a replayed and an expired state (302 to ?google=error), and accepts a good one once', async () => {
    const error = '/calendar?google=error';
    const forged = await t.callAs(null, 'GET', '/api/google/calendar/callback?code=x&state=forged-state');
    expect(forged.headers.location).toBe(error);
    expect((await t.callAs(null, 'GET', '/api/google/calendar/callback')).headers.location).toBe(error);

    const expired = await authorise(t.app, t.user);
    await t.app.db.updateTable('google_oauth_states').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    expect((await t.callAs(null, 'GET', expired.callback)).headers.location).toBe(error);
    expect((await status()).connected).toBe(false);

    const good = await authorise(t.app, t.user);
    const first = await t.callAs(null, 'GET', good.callback);
    expect(first.headers.location).toBe('/calendar?google=connected');
    expect((await t.callAs(null, 'GET', good.callback)).headers.location).toBe(error); // replayed
    expect(await status()).toMatchObject({ connected: true, message: null });
    expect((await googleEvents(t.app, t.user)).get(`${FAKE_PRIMARY}/ev1`)?.title).toBe('Dentist');
  });

  it('keeps the tokens sealed: neither the database rows nor the SQLite files hold them', async () => {
    const tokens = [...google.issued.access, ...google.issued.refresh];
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    const rows = await t.app.db.selectFrom('google_connections').selectAll().execute();
    const oauthStates = await t.app.db.selectFrom('google_oauth_states').selectAll().execute();
    const dump = JSON.stringify([rows, oauthStates]);
    for (const token of tokens) expect(dump).not.toContain(token);
    expect(rows[0]!.refresh_token).toMatch(/^v1\./);
    if (TEST_STORE === 'sqlite') {
      await t.app.db.selectFrom('google_connections').select('user_id').execute(); // the file is written
      const files = (await readdir(t.dataDir)).filter((n) => n.startsWith('app.sqlite'));
      expect(files).toContain('app.sqlite');
      for (const name of files) {
        const bytes = await readFile(path.join(t.dataDir, name));
        for (const token of tokens) expect(bytes.includes(Buffer.from(token))).toBe(false);
      }
    }
  });

  it('refreshes an expired access token and goes on', async () => {
    google.expireAccessTokens();
    const refreshes = () => google.requests.filter((r) => r.path === '/token').length;
    const before = refreshes();
    const res = await sync(t.app, t.user, [FAKE_PRIMARY]);
    expect(res.statusCode).toBe(200);
    expect(refreshes()).toBe(before + 1);
  });

  it('shows nothing of it to another user, who cannot change it either', async () => {
    const other = await t.seedUser();
    expect(await status(other)).toMatchObject({ connected: false });
    for (const [method, url, body] of [
      ['GET', '/api/google/calendar/calendars', undefined],
      ['GET', `/api/google/calendar/events?start=${today}&end=${today}&calendars=${FAKE_PRIMARY}`, undefined],
      ['POST', '/api/google/calendar/sync', { calendarIds: [FAKE_PRIMARY] }],
      ['POST', '/api/google/calendar/visibility', { calendarId: FAKE_PRIMARY, visible: false }],
    ] as const) {
      const res = await t.callAs(other, method, url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('GOOGLE_NOT_CONNECTED');
    }
    expect(await googleEvents(t.app, other)).toEqual(new Map());
    expect((await t.call('GET', '/api/google/calendar/calendars')).json().calendars[0].visible).toBe(true);
  });

  it('disconnects keeping the events (still read-only), revoking the grant at Google', async () => {
    const refresh = google.issued.refresh.at(-1)!;
    const res = await t.call('POST', '/api/google/calendar/disconnect', { deleteEvents: false });
    expect(res.json()).toEqual({ success: true });
    expect(google.revoked).toContain(refresh);
    expect((await status()).connected).toBe(false);
    expect(await t.app.db.selectFrom('google_calendars').selectAll().execute()).toEqual([]);
    const kept = (await googleEvents(t.app, t.user)).get(`${FAKE_PRIMARY}/ev1`)!;
    expect(kept.readonly).toBe(true);
    expect((await t.call('PUT', `/api/events/${kept._id}`, { title: 'x' })).statusCode).toBe(403);
  });

  it('disconnects deleting the events', async () => {
    await connect(t.app, t.user);
    const res = await t.call('POST', '/api/google/calendar/disconnect', { deleteEvents: true });
    expect(res.statusCode).toBe(200);
    expect(await googleEvents(t.app, t.user)).toEqual(new Map());
    expect((await t.call('POST', '/api/google/calendar/disconnect', { deleteEvents: 'yes' })).statusCode).toBe(400);
  });

  it('deleting the account revokes its grant at Google, and the account goes all the same', async () => {
    const u = await registerUser(t.app);
    await connect(t.app, u);
    const refresh = google.issued.refresh.at(-1)!;
    expect(google.revoked).not.toContain(refresh);
    const res = await inject(t.app, u, 'POST', '/api/auth/delete-account', { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(google.revoked).toContain(refresh);
    expect(await t.app.db.selectFrom('google_connections').selectAll().where('user_id', '=', u.user._id).execute()).toEqual([]);
  });

  it('a refresh token revoked at Google ends the connection with a message, without retrying', async () => {
    await connect(t.app, t.user);
    google.revokeRefreshTokens();
    google.expireAccessTokens();
    const res = await sync(t.app, t.user, [FAKE_PRIMARY]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('GOOGLE_NOT_CONNECTED');
    expect(await status()).toMatchObject({ connected: false, message: REVOKED_MESSAGE });
    const before = google.requests.length;
    expect((await sync(t.app, t.user, [FAKE_PRIMARY])).statusCode).toBe(409);
    expect(google.requests.length).toBe(before);
    // Connecting again clears the message.
    await connect(t.app, t.user);
    expect(await status()).toMatchObject({ connected: true, message: null });
  });

  it('answers 403 on every route but status when the admin turned the feature off', async () => {
    const admin = await seedAdmin(t.app);
    expect((await inject(t.app, admin, 'PUT', '/api/admin/feature-toggles', { googleCalendar: false })).statusCode).toBe(200);
    try {
      expect(await status()).toMatchObject({ available: false });
      for (const [method, url, body] of [
        ['GET', '/api/google/calendar/auth', undefined],
        ['GET', '/api/google/calendar/calendars', undefined],
        ['POST', '/api/google/calendar/sync', { calendarIds: [] }],
        ['POST', '/api/google/calendar/visibility', { calendarId: FAKE_PRIMARY, visible: true }],
        ['POST', '/api/google/calendar/disconnect', { deleteEvents: false }],
      ] as const) {
        const res = await t.call(method, url, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FEATURE_DISABLED');
      }
    } finally {
      await inject(t.app, admin, 'PUT', '/api/admin/feature-toggles', { googleCalendar: true });
    }
  });
});

it('a server without GOOGLE_CLIENT_ID says it is unavailable and answers auth with 503', async () => {
  await withTestApp({ googleClientId: null, googleClientSecret: null }, async (app) => {
    const user = await seedUser(app.app);
    expect((await inject(app.app, user, 'GET', '/api/google/calendar/status')).json()).toEqual({ connected: false, available: false, message: null, lastSyncAt: null });
    const res = await inject(app.app, user, 'GET', '/api/google/calendar/auth');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('GOOGLE_UNAVAILABLE');
  });
});
