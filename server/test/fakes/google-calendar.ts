import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GOOGLE_CALENDAR_SCOPE } from '@adhd/shared/google/types';
import { FakeCalendarData, type Answer, type FakeCalendar, type FakeEvent, type FakeTime } from './google-calendar-data.js';

export type { FakeCalendar, FakeEvent, FakeTime };

/**
 * A local fake of Google's OAuth 2.0 and Calendar API v3 for the Calendar import's tests (server and browser):
 * an HTTP server on 127.0.0.1 (random port). Point the server's `googleUrls` (GOOGLE_OAUTH_URL, GOOGLE_TOKEN_URL,
 * GOOGLE_REVOKE_URL, GOOGLE_API_URL) at `fake.urls` and its client id and secret at `fake.clientId`/`clientSecret`.
 *
 *   const google = await startFakeGoogle();
 *   google.state.addCalendar({ id: 'work@example.com', summary: 'Work', backgroundColor: '#0b8043' });
 *   google.state.putEvent('me@example.com', { id: 'ev1', summary: 'Dentist', start: { dateTime: '2026-11-28T10:00:00+01:00', timeZone: 'Europe/Berlin' }, end: {...} });
 *   google.failCalendar('work@example.com', 500);     // that calendar's events answer 500 until set to null
 *   google.slowCalendar('work@example.com', 11_000);   // …or answer after 11 s
 *
 * - Authorisation page (`urls.oauth`): checks client_id, redirect_uri, response_type=code, the calendar scope,
 *   code_challenge with method S256 and access_type=offline, then auto-approves: 302 to
 *   `redirect_uri?code=…&state=…` (no page is shown). Anything wrong: 400 with the reason as text.
 * - Token endpoint (`urls.token`, form body): `authorization_code` (single-use code, same redirect_uri, client
 *   secret, PKCE verifier whose S256 matches the challenge) and `refresh_token`; a revoked or unknown refresh
 *   token answers 400 `invalid_grant`, as Google does.
 * - Revoke (`urls.revoke`, `token` in the form or query): revokes a refresh token (and its access tokens) or an
 *   access token; `revoked` lists what was revoked.
 * - Calendar API (`urls.api` + `/calendar/v3/…`): `users/me/calendarList` and `calendars/{id}/events` (see
 *   google-calendar-data.ts); every call needs `Authorization: Bearer <live access token>` (else 401).
 * Starts with one calendar, the primary `me@example.com` ("Personal", no colour of its own, Europe/Berlin).
 */

export const FAKE_CLIENT_ID = 'fake-client-id.apps.googleusercontent.com';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';
export const FAKE_PRIMARY = 'me@example.com';

export interface FakeGoogleUrls {
  oauth: string;
  token: string;
  revoke: string;
  api: string;
}

interface AccessToken {
  refresh: string;
  expiresAt: number;
}

export interface FakeGoogle {
  urls: FakeGoogleUrls;
  clientId: string;
  clientSecret: string;
  /** Calendars and events: `addCalendar`, `putEvent`, `changeEvent`, `cancelEvent`, `expireSyncTokens`, `maxPage`. */
  state: FakeCalendarData;
  /** Every request: method, path and query (no bodies). */
  requests: { method: string; path: string; query: URLSearchParams; at: number }[];
  /** Tokens sent to the revoke endpoint, in order. */
  revoked: string[];
  /** Every access token and refresh token handed out (live or not), for tests that look for them elsewhere. */
  issued: { access: string[]; refresh: string[] };
  /** Lifetime of new access tokens, seconds (default 3600). */
  accessTokenTtl: number;
  /** Every access token handed out so far is expired now (the next API call answers 401 until a refresh). */
  expireAccessTokens(): void;
  /** Every refresh token is revoked (a refresh answers `invalid_grant`; its access tokens stop working). */
  revokeRefreshTokens(): void;
  /** The calendar's `events` answer `status` (e.g. 500) until called with null. */
  failCalendar(calendarId: string, status: number | null): void;
  /** The calendar's `events` answer after `ms` (e.g. 11 000) until called with null. */
  slowCalendar(calendarId: string, ms: number | null): void;
  /** The API requests made for one calendar's events. */
  eventRequests(calendarId: string): { query: URLSearchParams }[];
  close(): Promise<void>;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const token = (prefix: string) => `${prefix}-${randomBytes(18).toString('base64url')}`;

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8' });
  res.end(text);
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const state = new FakeCalendarData();
  state.addCalendar({ id: FAKE_PRIMARY, summary: 'Personal', primary: true, timeZone: 'Europe/Berlin' });
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const refreshTokens = new Map<string, { revoked: boolean }>();
  const accessTokens = new Map<string, AccessToken>();
  const failing = new Map<string, number>();
  const slow = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();

  const authorise = (res: ServerResponse, q: URLSearchParams) => {
    const redirect = q.get('redirect_uri') ?? '';
    const problems = [
      q.get('client_id') !== FAKE_CLIENT_ID && 'unknown client_id',
      !/^https?:\/\//.test(redirect) && 'redirect_uri must be an http(s) address',
      q.get('response_type') !== 'code' && 'response_type must be code',
      !(q.get('scope') ?? '').split(' ').includes(GOOGLE_CALENDAR_SCOPE) && 'scope must include the calendar scope',
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method must be S256',
      !/^[\w-]{43}$/.test(q.get('code_challenge') ?? '') && 'code_challenge is missing',
      q.get('access_type') !== 'offline' && 'access_type must be offline',
      !q.get('state') && 'state is missing',
    ].filter(Boolean);
    if (problems.length) return send(res, 400, `Error 400: invalid_request\n${problems.join('\n')}`);
    const code = token('code');
    codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: redirect });
    const target = new URL(redirect);
    target.searchParams.set('code', code);
    target.searchParams.set('state', q.get('state')!);
    res.writeHead(302, { location: target.toString() });
    res.end();
  };

  const newAccess = (refresh: string) => {
    const access = token('ya29');
    accessTokens.set(access, { refresh, expiresAt: Date.now() + fake.accessTokenTtl * 1000 });
    fake.issued.access.push(access);
    return access;
  };

  const tokenEndpoint = (form: URLSearchParams): Answer => {
    const bad = (error: string, description: string): Answer => ({ status: 400, body: { error, error_description: description } });
    if (form.get('client_id') !== FAKE_CLIENT_ID || form.get('client_secret') !== FAKE_CLIENT_SECRET) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } };
    }
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code) return bad('invalid_grant', 'Malformed auth code.');
      codes.delete(form.get('code')!);
      if (code.redirectUri !== form.get('redirect_uri')) return bad('redirect_uri_mismatch', 'Bad Request');
      if (s256(form.get('code_verifier') ?? '') !== code.challenge) return bad('invalid_grant', 'Invalid code verifier.');
      const refresh = token('1//refresh');
      refreshTokens.set(refresh, { revoked: false });
      fake.issued.refresh.push(refresh);
      const access = newAccess(refresh);
      return { status: 200, body: { access_token: access, expires_in: fake.accessTokenTtl, refresh_token: refresh, scope: GOOGLE_CALENDAR_SCOPE, token_type: 'Bearer' } };
    }
    if (grant === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      const known = refreshTokens.get(refresh);
      if (!known || known.revoked) return bad('invalid_grant', 'Token has been expired or revoked.');
      return { status: 200, body: { access_token: newAccess(refresh), expires_in: fake.accessTokenTtl, scope: GOOGLE_CALENDAR_SCOPE, token_type: 'Bearer' } };
    }
    return bad('unsupported_grant_type', 'Invalid grant_type');
  };

  const revoke = (given: string): Answer => {
    fake.revoked.push(given);
    const refresh = refreshTokens.get(given);
    if (refresh) {
      refresh.revoked = true;
      for (const [access, t] of accessTokens) if (t.refresh === given) accessTokens.delete(access);
      return { status: 200, body: {} };
    }
    if (accessTokens.delete(given)) return { status: 200, body: {} };
    return { status: 400, body: { error: 'invalid_token', error_description: 'Token expired or revoked' } };
  };

  const authorised = (req: IncomingMessage) => {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const t = m ? accessTokens.get(m[1]!) : undefined;
    return !!t && t.expiresAt > Date.now() && refreshTokens.get(t.refresh)?.revoked !== true;
  };

  const api = async (req: IncomingMessage, res: ServerResponse, path: string, q: URLSearchParams) => {
    if (!authorised(req)) {
      return send(res, 401, { error: { code: 401, message: 'Invalid Credentials', status: 'UNAUTHENTICATED' } });
    }
    if (path === '/calendar/v3/users/me/calendarList') {
      const a = state.calendarList(q);
      return send(res, a.status, a.body);
    }
    const m = /^\/calendar\/v3\/calendars\/([^/]+)\/events$/.exec(path);
    if (!m) return send(res, 404, { error: { code: 404, message: 'Not Found' } });
    const calendarId = decodeURIComponent(m[1]!);
    const delay = slow.get(calendarId);
    if (delay !== undefined) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        timers.add(timer);
        res.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
          resolve();
        });
      });
    }
    const failure = failing.get(calendarId);
    if (failure !== undefined) return send(res, failure, { error: { code: failure, message: 'Backend Error' } });
    const a = state.listEvents(calendarId, q);
    send(res, a.status, a.body);
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, at: Date.now() });
    const handle = async () => {
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return authorise(res, url.searchParams);
      if (req.method === 'POST' && url.pathname === '/token') {
        const a = tokenEndpoint(await formOf(req));
        return send(res, a.status, a.body);
      }
      if (req.method === 'POST' && url.pathname === '/revoke') {
        const form = await formOf(req);
        const a = revoke(form.get('token') ?? url.searchParams.get('token') ?? '');
        return send(res, a.status, a.body);
      }
      if (req.method === 'GET' && url.pathname.startsWith('/calendar/v3/')) return api(req, res, url.pathname, url.searchParams);
      send(res, 404, { error: { code: 404, message: 'Not Found' } });
    };
    handle().catch((err: unknown) => send(res, 500, { error: { code: 500, message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeGoogle = {
    urls: { oauth: `${base}/o/oauth2/v2/auth`, token: `${base}/token`, revoke: `${base}/revoke`, api: base },
    clientId: FAKE_CLIENT_ID,
    clientSecret: FAKE_CLIENT_SECRET,
    state,
    requests: [],
    revoked: [],
    issued: { access: [], refresh: [] },
    accessTokenTtl: 3600,
    expireAccessTokens() {
      for (const t of accessTokens.values()) t.expiresAt = 0;
    },
    revokeRefreshTokens() {
      for (const r of refreshTokens.values()) r.revoked = true;
    },
    failCalendar(calendarId, status) {
      if (status === null) failing.delete(calendarId);
      else failing.set(calendarId, status);
    },
    slowCalendar(calendarId, ms) {
      if (ms === null) slow.delete(calendarId);
      else slow.set(calendarId, ms);
    },
    eventRequests(calendarId) {
      const path = `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`;
      return fake.requests.filter((r) => r.path === path);
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
