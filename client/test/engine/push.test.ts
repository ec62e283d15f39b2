import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../src/db/mutate';
import { json, makeEngine, makeNetwork } from './helpers';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ids = (body: Record<string, unknown> | undefined) => (body!.mutations as { id: number }[]).map((m) => m.id);

describe('push', () => {
  it('sends the outbox in order, at most pushLimit mutations per request, with the client id and schema version', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { pushLimit: 2 });
    for (let i = 1; i <= 5; i++) await mutate(db, 'task.create', { id: `t${i}`, title: `Task ${i}` });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    const pushes = net.calls.filter((c) => c.path === '/api/sync/push');
    expect(pushes.map((p) => ids(p.body))).toEqual([[1, 2], [3, 4], [5]]);
    const clientId = (await db._meta.get('clientId'))?.value as string;
    expect(clientId).toMatch(/^c_[0-9a-f]{32}$/);
    expect(pushes.every((p) => p.body!.clientId === clientId && p.body!.schemaVersion === 1)).toBe(true);
    expect((await server.snapshot(user.token)).rows.size).toBe(5);
    await engine.stop();
    await db.delete();
  });

  it('resends from `expected` on 409 MUTATION_GAP', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { backoff: { minMs: 60_000 } });
    for (const id of ['a', 'b', 'c']) await mutate(db, 'task.create', { id, title: id.toUpperCase() });
    // The first push is answered as applied but never reaches the server (a server restored from a backup).
    net.respond('/api/sync/push', (body) => {
      net.heal();
      net.fail('/api/sync/pull');
      return json(200, { lastMutationId: 3, results: ids(body).map((id) => ({ id, status: 'applied', version: null })) });
    });
    engine.start();
    await engine.syncNow();
    await mutate(db, 'task.create', { id: 'd', title: 'D' });
    await engine.syncNow();
    const pushes = net.calls.filter((c) => c.path === '/api/sync/push').map((c) => ids(c.body));
    // 4 is refused (the server expects 1), so the whole outbox goes again from 1.
    expect(pushes).toEqual([[1, 2, 3], [4], [1, 2, 3, 4]]);
    expect([...(await server.snapshot(user.token)).rows.keys()].sort()).toEqual(['task:a', 'task:b', 'task:c', 'task:d']);
    net.heal();
    expect(await engine.syncNow()).toBe('synced');
    expect(await db._outbox.count()).toBe(0);
    await engine.stop();
    await db.delete();
  });

  it('renumbers the outbox when the server expects an id below its first entry', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    await db._meta.put({ key: 'nextMutationId', value: 41 });
    await mutate(db, 'task.create', { id: 'x', title: 'X' });
    await mutate(db, 'task.update', { id: 'x', title: 'X2' });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    expect(net.calls.filter((c) => c.path === '/api/sync/push').map((c) => ids(c.body))).toEqual([[41, 42], [1, 2]]);
    expect((await server.snapshot(user.token)).rows.get('task:x')?.data?.title).toBe('X2');
    expect(await db._outbox.count()).toBe(0);
    expect((await db._meta.get('nextMutationId'))?.value).toBe(3);
    await engine.stop();
    await db.delete();
  });

  it('starts over with a new client id when the server says the id belongs to another user (403)', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    net.respond('/api/sync/push', () => {
      net.heal();
      return json(403, { error: { code: 'FORBIDDEN', message: 'This client belongs to another user' } });
    });
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    await mutate(db, 'task.create', { id: 'f', title: 'F' });
    engine.start();
    await engine.syncNow();
    await engine.syncNow();
    const pushes = net.calls.filter((c) => c.path === '/api/sync/push');
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.body!.clientId).not.toBe(pushes[0]!.body!.clientId);
    expect((await db._meta.get('clientId'))?.value).toBe(pushes[1]!.body!.clientId);
    expect((await server.snapshot(user.token)).rows.has('task:f')).toBe(true);
    expect(await db._outbox.count()).toBe(0);
    await engine.stop();
    await db.delete();
  });
});
