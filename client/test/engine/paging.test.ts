import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/db/database';
import { mutate } from '../../src/db/mutate';
import { committedCursors, liveTasks, makeEngine, makeNetwork, otherDevice } from './helpers';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('pull pages', () => {
  it('commits each page with its cursor, so an interrupted first sync resumes, and drops the outbox only at the end', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    await server.push(
      user.token,
      other.clientId,
      Array.from({ length: 10 }, (_, i) => other.m('task.create', { id: `t${i}`, title: `Task ${i}` })),
    );
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { pullLimit: 3, backoff: { minMs: 60_000 } });
    await mutate(db, 'task.create', { id: 'mine', title: 'Written here' });
    net.fail('/api/sync/pull', 2); // the third page request never arrives
    engine.start();
    expect(await engine.syncNow()).toBe('offline');

    // Two pages of three are stored with their cursor; the push was confirmed but its entry stays queued.
    expect(Object.keys(await liveTasks(db)).sort()).toEqual(['mine', 't0', 't1', 't2', 't3', 't4', 't5']);
    expect((await db._meta.get('cursor'))?.value).toBe(6);
    expect((await db._outbox.toArray()).map((m) => m.id)).toEqual([1]);
    expect(await db._base.get(['task', 'mine'])).toEqual({ type: 'task', id: 'mine', row: null });

    net.heal();
    const before = net.calls.length;
    expect(await engine.syncNow()).toBe('synced');
    const pulls = net.calls.slice(before).filter((c) => c.path === '/api/sync/pull');
    expect(pulls.map((c) => c.body!.cursor)).toEqual([6, 9]);
    expect(pulls.every((c) => c.body!.limit === 3)).toBe(true);
    expect(Object.keys(await liveTasks(db)).length).toBe(11);
    expect(await db._outbox.count()).toBe(0);
    expect(await db._base.count()).toBe(0);
    expect((await db._meta.get('cursor'))?.value).toBe((await server.snapshot(user.token)).cursor);
    expect((await db.tasks.get('mine'))?.version).toBe(11);
    await engine.stop();
    await db.delete();
  });

  it('asks for the next page while the current one is being written', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    await server.push(
      user.token,
      other.clientId,
      Array.from({ length: 9 }, (_, i) => other.m('task.create', { id: `p${i}`, title: `Page task ${i}` })),
    );
    const net = makeNetwork();
    const cursorsSeen: [number, number][] = [];
    const original = net.fetch;
    let local: AppDatabase | null = null;
    net.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      // When a pull for cursor N leaves, the page that ends at N may still be on its way into the database.
      if (String(input).endsWith('/api/sync/pull')) {
        const { cursor } = JSON.parse(String(init?.body)) as { cursor: number };
        cursorsSeen.push([cursor, Number((await local!._meta.get('cursor'))?.value ?? 0)]);
      }
      return original(input, init);
    }) as typeof fetch;
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { pullLimit: 3, backoff: { minMs: 60_000 } });
    local = db;
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    expect(Object.keys(await liveTasks(db)).length).toBe(9);
    expect(cursorsSeen.map(([c]) => c).slice(0, 3)).toEqual([0, 3, 6]);
    // Requests for later pages left before the page before them was committed (the pipeline).
    expect(cursorsSeen.some(([cursor, stored]) => stored < cursor)).toBe(true);
    await engine.stop();
    await db.delete();
  });

  it('stores pages that arrive together in one transaction after the first, and a late page on its own', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    await server.push(
      user.token,
      other.clientId,
      Array.from({ length: 12 }, (_, i) => other.m('task.create', { id: `m${i}`, title: `Merged task ${i}` })),
    );
    const run = async (slowCursor: number | null) => {
      const net = makeNetwork();
      const original = net.fetch;
      net.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const res = await original(input, init);
        const { cursor } = JSON.parse(String(init?.body ?? '{}')) as { cursor?: number };
        if (cursor === slowCursor) await new Promise((r) => setTimeout(r, 1500));
        return res;
      }) as typeof fetch;
      const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { pullLimit: 3, pullMergeMs: 500, backoff: { minMs: 60_000 } });
      const committed = committedCursors(db);
      engine.start();
      expect(await engine.syncNow()).toBe('synced');
      expect(Object.keys(await liveTasks(db)).length).toBe(12);
      await engine.stop();
      await db.delete();
      return committed;
    };
    // The first page alone (its rows show at once), then the three that follow in one transaction.
    expect(await run(null)).toEqual([3, 12]);
    // The page at cursor 6 is late: the page before it is stored without waiting for it.
    expect(await run(6)).toEqual([3, 6, 12]);
  });

  it('starts over on reset:true (cursor ahead of the server), keeping and replaying the outbox', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    await server.push(user.token, other.clientId, [
      other.m('task.create', { id: 'a', title: 'A' }),
      other.m('task.create', { id: 'b', title: 'B' }),
    ]);
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    engine.start();
    await engine.syncNow();

    // Local state from "another server": a row the server never had and a cursor beyond its version.
    await db.tasks.put({ id: 'stale', data: { title: 'Stale' }, deleted: 0, createdAt: '', updatedAt: '', version: 500, parentId: null });
    await db._meta.put({ key: 'cursor', value: 1_000_000 });
    await server.push(user.token, other.clientId, [other.m('task.update', { id: 'b', title: 'B from the phone' })]);
    // The user edits while the pull is in flight; that edit cannot be pushed for now.
    net.during('/api/sync/pull', async () => {
      await mutate(db, 'task.update', { id: 'a', title: 'A edited offline' });
      net.fail('/api/sync/push');
    });
    const before = net.calls.length;
    expect(await engine.syncNow()).toBe('offline');

    // The engine notices the cursor moved under it (as when another tab pulled) and pulls from the stored one.
    const cursors = net.calls.slice(before).filter((c) => c.path === '/api/sync/pull').map((c) => c.body!.cursor);
    expect(cursors).toContain(1_000_000);
    expect(await db.tasks.get('stale')).toBeUndefined();
    expect(await liveTasks(db)).toEqual({
      a: expect.objectContaining({ title: 'A edited offline' }),
      b: expect.objectContaining({ title: 'B from the phone' }),
    });
    expect(await db._outbox.count()).toBe(1);
    expect((await db._meta.get('cursor'))?.value).toBe(3);

    net.heal();
    expect(await engine.syncNow()).toBe('synced');
    expect((await server.snapshot(user.token)).rows.get('task:a')?.data?.title).toBe('A edited offline');
    expect(await db._outbox.count()).toBe(0);
    await engine.stop();
    await db.delete();
  });
});
