import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@adhd/shared/users/schema';
import { mutate } from '../../src/db/mutate';
import { openUserDb } from '../../src/db/session';
import { engine, startSync, stopSync } from '../../src/db/sync';
import { ApiError, request } from '../../src/lib/api';
import { authStore, AUTH_CHECK_MS } from '../../src/session/auth-store';
import { unsyncedChanges } from '../../src/session/local-data';
import { serverSearch } from '../../src/features/search/data/server-search';
import { downloadIcs } from '../../src/features/settings/calendar-feed-api';
import { uploadImport } from '../../src/features/settings/data/upload';
import { until } from './helpers';
import { startServer, type TestServer } from './server';

/**
 * SPEC section 8, global response handling: a 401 from any call signs the user out and goes to /auth/login,
 * after the session cookie could not give a fresh token; unsynced local changes stay (SPEC section 4:
 * timers stop). The page runs on the real server's origin, so `request`, the sync engine, the XHR upload
 * and the calendar-file call all reach it, and the session is revoked there as another device's sign-out would.
 */
let server: TestServer;
let paths: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(async () => {
  server = await startServer();
  const dom = (globalThis as unknown as { jsdom: { reconfigure(o: { url: string }): void; window: { _origin: string } } }).jsdom;
  dom.reconfigure({ url: `${server.baseUrl}/tasks` });
  // jsdom's reconfigure leaves the origin its XMLHttpRequest checks against as it was: same origin again.
  dom.window._origin = server.baseUrl;
});
afterAll(() => server.close());
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await stopSync();
  await authStore.logout();
});

function recordFetches() {
  paths = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    paths.push(new URL(String(input instanceof Request ? input.url : input)).pathname);
    return realFetch(input, init);
  });
}
const count = (path: string) => paths.filter((p) => p === path).length;

async function signIn() {
  const seeded = await server.seedUser();
  const user = { _id: seeded.id, email: `${seeded.id}@example.com`, name: 'Sam' } as PublicUser;
  expect(await authStore.signedIn(user, seeded.token)).toBe(true);
  window.history.replaceState(null, '', '/tasks?id=t1');
  return seeded;
}

/** The session ends on the server (signed out from another device): its tokens stop working at once. */
async function revoke(token: string) {
  const res = await realFetch(`${server.baseUrl}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
}

describe('a 401 from any call', () => {
  it('from request, sync push/pull/stream, the XHR upload, the calendar file and search: one recovery, signed out at /auth/login, the outbox kept', async () => {
    const seeded = await signIn();
    const db = openUserDb(seeded.id);
    for (const id of ['a', 'b', 'c']) await mutate(db, 'task.create', { id, title: `Task ${id}` });
    await revoke(seeded.token);
    recordFetches();

    // The app's engine, wired as the sync lifecycle wires it, and every other kind of call, all at once.
    const sync = startSync(db, { subscribeAuth: authStore.subscribe, recover: authStore.recover, locks: null });
    const calls = await Promise.allSettled([
      request('/api/user/preferences'),
      request('/api/user/activity', { method: 'POST', retries: 0 }),
      serverSearch('anything'),
      uploadImport('{}', () => {}),
      downloadIcs(),
    ]);
    expect(calls.map((c) => (c.status === 'rejected' && c.reason instanceof ApiError ? c.reason.status : c))).toEqual([401, 401, 401, 401, 401]);

    await until(() => window.location.pathname === '/auth/login');
    expect(authStore.getState()).toMatchObject({ authenticated: false, user: null });
    expect(localStorage.getItem('auth_token')).toBeNull();
    await until(() => engine.current === null || sync.state.get().status !== 'syncing');
    expect(count('/api/sync/push')).toBeGreaterThanOrEqual(1);
    // One recovery for every refused call: a single cookie refresh, no storm.
    expect(count('/api/auth/me')).toBe(1);
    // The session ran out; it was not the user's choice to throw work away.
    expect(await unsyncedChanges(seeded.id)).toBe(3);

    // Signed out, nothing keeps calling the server.
    const after = paths.length;
    await new Promise((r) => setTimeout(r, 200));
    await stopSync();
    expect(paths.length).toBe(after);
  });

  // Each path alone reaches the handler (none relies on another call meeting the 401 first).
  const callers: [string, (userId: string) => Promise<unknown>][] = [
    ['request()', () => request('/api/user/preferences')],
    ['the sync engine', async (userId) => {
      const sync = startSync(openUserDb(userId), { subscribeAuth: authStore.subscribe, recover: authStore.recover, locks: null, stream: false });
      return sync.syncNow();
    }],
    ['the sync stream', async (userId) => {
      const sync = startSync(openUserDb(userId), { subscribeAuth: authStore.subscribe, recover: authStore.recover, locks: null });
      return sync.state.get();
    }],
    ['the XHR upload', () => uploadImport('{}', () => {})],
    ['the calendar file', () => downloadIcs()],
    ["search's server fallback", () => serverSearch('anything')],
  ];
  it.each(callers)('from %s alone: signed out at /auth/login', async (_name, call) => {
    const seeded = await signIn();
    await revoke(seeded.token);
    recordFetches();
    await call(seeded.id).catch(() => null);
    await until(() => window.location.pathname === '/auth/login');
    expect(authStore.getState().authenticated).toBe(false);
    expect(count('/api/auth/me')).toBe(1);
  });

  it('many calls failing together are one recovery', async () => {
    const seeded = await signIn();
    await revoke(seeded.token);
    recordFetches();
    const many = await Promise.allSettled(Array.from({ length: 8 }, () => request('/api/user/preferences')));
    expect(many.every((c) => c.status === 'rejected')).toBe(true);
    await until(() => window.location.pathname === '/auth/login');
    expect(count('/api/auth/me')).toBe(1);
    expect(authStore.getState().authenticated).toBe(false);
  });
});

describe('the auth consistency check (SPEC section 9)', () => {
  it('runs every 5 minutes, silently skips while offline, and sends an invalid session to /auth/login; then every timer stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const seeded = await signIn();
    recordFetches();

    vi.advanceTimersByTime(AUTH_CHECK_MS - 1000);
    expect(count('/api/auth/me')).toBe(0);
    vi.advanceTimersByTime(1000);
    // One request with the bearer token (the server would take a valid cookie first): the session is fine.
    await until(() => count('/api/auth/me') === 1);
    expect(authStore.getState().authenticated).toBe(true);

    // Offline: the check does not even try (no failing request, nothing in the console).
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const before = paths.length;
    vi.advanceTimersByTime(AUTH_CHECK_MS);
    await new Promise((r) => setTimeout(r, 50));
    expect(paths.length).toBe(before);
    expect(authStore.getState().authenticated).toBe(true);
    online.mockRestore();

    await revoke(seeded.token);
    vi.advanceTimersByTime(AUTH_CHECK_MS);
    await until(() => window.location.pathname === '/auth/login');
    expect(authStore.getState()).toMatchObject({ authenticated: false, user: null });

    // Unauthorised: the 5-minute check and the 30-minute activity timer are gone.
    await new Promise((r) => setTimeout(r, 50));
    const settled = paths.length;
    vi.advanceTimersByTime(60 * 60_000);
    await new Promise((r) => setTimeout(r, 50));
    expect(paths.length).toBe(settled);
    expect(vi.getTimerCount()).toBe(0);
  });
});
