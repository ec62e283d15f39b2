import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../src/db/mutate';
import { MAX_RETRY_AFTER_MS, retryAfterMs } from '../../src/db/sync-http';
import type { RetryTimer } from '../../src/db/engine';
import { json, makeEngine, makeNetwork, until, type Network } from './helpers';
import { startServer, type TestServer } from './server';

/** Issue 12, point 7 (client): a 429 with Retry-After is waited out calmly, not reported as a server error. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A retry timer that only records what the engine asks for; `fire()` runs the pending one. */
function manualTimer() {
  const pending = new Map<number, () => void>();
  const delays: number[] = [];
  let next = 0;
  const timer: RetryTimer = {
    set(fn, ms) {
      delays.push(ms);
      pending.set(++next, fn);
      return next;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  return {
    timer,
    delays,
    fire() {
      const [handle, fn] = [...pending][0]!;
      pending.delete(handle);
      fn();
    },
  };
}

/** A "wait, then try again" answer (429, or 503 from a busy store) once; the next request reaches the server. */
function waitAnswer(net: Network, status: number, code: string, retryAfter: string): Response {
  net.heal();
  return new Response(JSON.stringify({ error: { code, message: 'Not now' } }), {
    status,
    headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
  });
}

describe('429 Too Many Requests on push', () => {
  it('waits as long as Retry-After says, shows "waiting" (not an error), then pushes', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const clock = manualTimer();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { timer: clock.timer });
    net.respond('/api/sync/push', () => waitAnswer(net, 429, 'RATE_LIMITED', '7'));
    await mutate(db, 'task.create', { id: 'r1', title: 'Later' });
    engine.start();
    expect(await engine.syncNow()).toBe('waiting');
    expect(engine.state.get()).toMatchObject({ status: 'waiting', reason: null, pending: 1 });
    // One timer, of exactly the server's 7 s; nothing is sent before it fires.
    expect(clock.delays).toEqual([7000]);
    await new Promise((r) => setTimeout(r, 50));
    expect(net.count('/api/sync/push')).toBe(1);
    // Asking again (a tap, the network coming back) does not cut the wait short.
    expect(await engine.syncNow()).toBe('waiting');
    window.dispatchEvent(new Event('online'));
    await new Promise((r) => setTimeout(r, 50));
    expect(net.count('/api/sync/push')).toBe(1);
    expect(clock.delays).toEqual([7000]);

    clock.fire();
    await until(() => engine.state.get().status === 'synced');
    expect(net.count('/api/sync/push')).toBe(2);
    expect(engine.state.get().pending).toBe(0);
    expect((await server.snapshot(user.token)).rows.has('task:r1')).toBe(true);
    await engine.stop();
    await db.delete();
  });

  it('reads Retry-After as seconds or an HTTP date, within bounds', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs(null, now)).toBe(1000);
    expect(retryAfterMs('soon', now)).toBe(1000);
    expect(retryAfterMs('0', now)).toBe(1000);
    expect(retryAfterMs('86400', now)).toBe(MAX_RETRY_AFTER_MS);
  });

  it('still treats a 500 as a server error (backoff, reason "server")', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const clock = manualTimer();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { timer: clock.timer });
    net.respond('/api/sync/push', () => json(500, { error: { code: 'INTERNAL', message: 'boom' } }));
    await mutate(db, 'task.create', { id: 'e1', title: 'E' });
    engine.start();
    expect(await engine.syncNow()).toBe('error');
    expect(engine.state.get().reason).toBe('server');
    expect(clock.delays).toHaveLength(1);
    expect(clock.delays[0]).toBeLessThanOrEqual(20);
    await engine.stop();
    await db.delete();
  });

  it('waits out a busy store (503 STORE_BUSY with Retry-After) like a 429, and shows a full store (507) as such', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const clock = manualTimer();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { timer: clock.timer });
    net.respond('/api/sync/push', () => waitAnswer(net, 503, 'STORE_BUSY', '1'));
    await mutate(db, 'task.create', { id: 'b1', title: 'Busy' });
    engine.start();
    expect(await engine.syncNow()).toBe('waiting');
    expect(clock.delays).toEqual([1000]);
    clock.fire();
    await until(() => engine.state.get().status === 'synced');

    net.respond('/api/sync/push', () => json(507, { error: { code: 'STORAGE_FULL', message: 'full' } }));
    await mutate(db, 'task.create', { id: 'b2', title: 'Full' });
    expect(await engine.syncNow()).toBe('error');
    expect(engine.state.get()).toMatchObject({ status: 'error', reason: 'full' });
    await engine.stop();
    await db.delete();
  });
});
