import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authStore } from '../../src/session/auth-store';
import { mutate } from '../../src/db/mutate';
import { getToken, setToken } from '../../src/lib/api';
import { json, makeEngine, makeNetwork, until } from './helpers';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A well-formed bearer token the server does not accept (an expired access token looks the same to it). */
const EXPIRED = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

describe('sign-in while syncing', () => {
  it('keeps the outbox on 401 after an offline spell, asks to sign in, and resumes with the next token', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    net.offline = true;
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { refresh: true, subscribeAuth: authStore.subscribe });
    engine.start();
    await until(() => engine.state.get().status === 'offline');
    for (const id of ['x', 'y', 'z']) await mutate(db, 'task.create', { id, title: `Task ${id}` });

    // The access token expired while offline; the session cookie cannot refresh it either.
    setToken(EXPIRED);
    net.heal();
    expect(await engine.syncNow()).toBe('signin');
    expect(net.calls.some((c) => c.path === '/api/auth/me')).toBe(true);
    expect(await db._outbox.count()).toBe(3);
    expect(engine.state.get()).toMatchObject({ status: 'signin', pending: 3 });
    expect((await server.snapshot(user.token)).rows.size).toBe(0);

    // Paused: no retries hammer the server while the user is signed out.
    const calls = net.calls.length;
    await new Promise((r) => setTimeout(r, 200));
    expect(net.calls.length).toBe(calls);

    // The auth store gets a fresh token (sign-in, or GET /api/auth/me): sync resumes by itself.
    setToken(user.token);
    authStore.set({ authenticated: true });
    await until(() => engine.state.get().status === 'synced');
    expect(await db._outbox.count()).toBe(0);
    expect([...(await server.snapshot(user.token)).rows.keys()].sort()).toEqual(['task:x', 'task:y', 'task:z']);
    await engine.stop();
    await db.delete();
  });

  it('refreshes an expired token from the session cookie and carries on', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    // The cookie session answers a fresh token for the same user (GET /api/auth/me without the bearer).
    net.respond('/api/auth/me', () => json(200, { authenticated: true, user: { _id: user.id }, token: user.token }));
    const { db, engine } = makeEngine(user.id, EXPIRED, server.baseUrl, net, { refresh: true });
    await mutate(db, 'task.create', { id: 'r', title: 'Refreshed' });
    engine.start();
    await until(() => engine.state.get().status === 'synced');
    expect(getToken()).toBe(user.token);
    const me = net.calls.find((c) => c.path === '/api/auth/me')!;
    expect(me.headers.authorization).toBeUndefined(); // an invalid bearer is never rescued by the cookie
    expect(net.calls.find((c) => c.path === '/api/sync/push')!.headers).toMatchObject({ authorization: `Bearer ${EXPIRED}` });
    expect(net.calls.filter((c) => c.path === '/api/sync/push').at(-1)!.headers).toMatchObject({
      authorization: `Bearer ${user.token}`,
      'x-timezone': expect.any(String),
    });
    expect(net.paths().filter((p) => p !== '/api/sync/pull').slice(0, 3)).toEqual(['/api/sync/push', '/api/auth/me', '/api/sync/push']);
    expect((await server.snapshot(user.token)).rows.get('task:r')).toMatchObject({ data: { title: 'Refreshed' } });
    await engine.stop();
    await db.delete();
  });

  it('stops with a reload hint when the server needs a newer app (426), keeping the outbox', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    net.respond('/api/sync/push', () => json(426, { error: { code: 'CLIENT_TOO_OLD', message: 'Please reload the app' } }));
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    await mutate(db, 'task.create', { id: 'o', title: 'Old app' });
    engine.start();
    await until(() => engine.state.get().status === 'error');
    expect(engine.state.get()).toMatchObject({ status: 'error', reason: 'reload', pending: 1 });
    const calls = net.calls.length;
    await new Promise((r) => setTimeout(r, 150));
    expect(net.calls.length).toBe(calls);
    await engine.stop();
    await db.delete();
  });
});
