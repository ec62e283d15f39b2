import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/db/sync-stream';
import { mutate } from '../../src/db/mutate';
import { liveTasks, makeEngine, makeNetwork, until } from './helpers';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('offline writes', () => {
  it('queue while the server is unreachable and reach it exactly once, even when an answer is lost', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    net.offline = true;
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    engine.start();
    await until(() => engine.state.get().status === 'offline');

    await mutate(db, 'task.create', { id: 'a', title: 'Call the dentist' });
    await mutate(db, 'task.create', { id: 'b', title: 'Buy milk' });
    await mutate(db, 'task.create', { id: 'c', title: 'Water plants' });
    await mutate(db, 'task.update', { id: 'a', priority: 'high' });
    await mutate(db, 'task.delete', { id: 'b' });
    await until(() => engine.state.get().pending === 5);
    expect(engine.state.get().status).toBe('offline');
    expect((await db._outbox.toArray()).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);

    // Back online, the first push is applied by the server but its answer never arrives.
    const online = net.calls.length;
    net.offline = false;
    net.loseResponse('/api/sync/push');
    expect(await engine.syncNow()).toBe('offline');
    expect(await db._outbox.count()).toBe(5);
    net.heal();
    expect(await engine.syncNow()).toBe('synced');

    expect(await db._outbox.count()).toBe(0);
    expect(await db._base.count()).toBe(0);
    expect(engine.state.get().pending).toBe(0);
    // Every push after reconnecting carried the whole outbox; the server applied it once and skipped it after.
    const pushes = net.calls.slice(online).filter((c) => c.path === '/api/sync/push');
    expect(pushes.length).toBeGreaterThanOrEqual(2);
    for (const p of pushes) expect((p.body!.mutations as { id: number }[]).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    // Three rows changed once each: a second application would have bumped the user's version again.
    const server1 = await server.snapshot(user.token);
    expect(server1.cursor).toBe(3);
    expect(server1.rows.get('task:a')).toMatchObject({ deleted: false, data: { title: 'Call the dentist', priority: 'high' } });
    expect(server1.rows.get('task:b')).toMatchObject({ deleted: true });
    expect(server1.rows.get('task:c')).toMatchObject({ deleted: false, data: { title: 'Water plants' } });
    // The local view is the server's state, versions included.
    expect(Object.keys(await liveTasks(db)).sort()).toEqual(['a', 'c']);
    expect((await db.tasks.get('a'))?.version).toBe(server1.rows.get('task:a')!.version);
    expect((await db.tasks.get('a'))?.data.priority).toBe('high');
    expect((await db.tasks.get('b'))?.deleted).toBe(1);
    await engine.stop();
    await db.delete();
  });

  it('retries with backoff while offline and syncs at once when the browser reports it is online', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    net.offline = true;
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { backoff: { minMs: 40, maxMs: 160 } });
    engine.start();
    await until(() => engine.state.get().status === 'offline');
    await mutate(db, 'task.create', { id: 't1', title: 'Offline task' });
    await new Promise((r) => setTimeout(r, 700));
    // Delays of 20–40, 40–80, then 80–160 ms: a handful of attempts, not a busy loop.
    const attempts = net.count('/api/sync/pull') + net.count('/api/sync/push');
    expect(attempts).toBeGreaterThanOrEqual(4);
    expect(attempts).toBeLessThanOrEqual(16);
    expect(engine.state.get()).toMatchObject({ status: 'offline', pending: 1 });

    // Now the next retry is far away; the 'online' event does not wait for it.
    await engine.stop();
    db.close();
    const slow = makeEngine(user.id, user.token, server.baseUrl, net, { backoff: { minMs: 60_000, maxMs: 60_000 } });
    slow.engine.start();
    await until(() => slow.engine.state.get().status === 'offline');
    net.heal();
    window.dispatchEvent(new Event('online'));
    await until(() => slow.engine.state.get().status === 'synced', 2000);
    expect(await slow.db._outbox.count()).toBe(0);
    expect((await server.snapshot(user.token)).rows.get('task:t1')).toMatchObject({ data: { title: 'Offline task' } });
    await slow.engine.stop();
    await slow.db.delete();
  });

  it('spreads retry delays from 1 s up to 30 s with jitter', () => {
    const low = (n: number) => backoffDelay(n, 1000, 30_000, () => 0);
    const high = (n: number) => backoffDelay(n, 1000, 30_000, () => 1);
    expect([0, 1, 2, 3, 4, 5, 10].map(high)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
    expect([0, 1, 5].map(low)).toEqual([500, 1000, 15_000]);
  });
});
