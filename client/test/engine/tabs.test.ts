import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../src/db/mutate';
import { FakeLocks } from './fake-locks';
import { liveTasks, makeEngine, makeNetwork, until } from './helpers';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

let visibility: DocumentVisibilityState = 'hidden';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
afterEach(() => {
  visibility = 'hidden';
});

const titles = async (db: Parameters<typeof liveTasks>[0]) =>
  Object.fromEntries(Object.entries(await liveTasks(db)).map(([id, d]) => [id, d.title]));

describe('two tabs of one user', () => {
  it('both write and sync the same database at once and converge with the server', async () => {
    const user = await server.seedUser();
    const tab1 = makeEngine(user.id, user.token, server.baseUrl, makeNetwork());
    const tab2 = makeEngine(user.id, user.token, server.baseUrl, makeNetwork());
    tab1.engine.start();
    tab2.engine.start();
    await Promise.all([
      (async () => {
        await mutate(tab1.db, 'task.create', { id: 'a', title: 'From tab 1' });
        await mutate(tab1.db, 'task.create', { id: 'b', title: 'Also tab 1' });
      })(),
      (async () => {
        await mutate(tab2.db, 'task.create', { id: 'c', title: 'From tab 2' });
        await mutate(tab2.db, 'task.update', { id: 'c', priority: 'high' });
      })(),
    ]);
    await mutate(tab2.db, 'task.update', { id: 'a', title: 'Tab 2 renamed it' });
    await Promise.all([tab1.engine.syncNow(), tab2.engine.syncNow()]);
    await Promise.all([tab1.engine.syncNow(), tab2.engine.syncNow()]);

    const snap = await server.snapshot(user.token);
    const serverTitles = Object.fromEntries([...snap.rows.values()].map((c) => [c.id, c.data?.title]));
    expect(serverTitles).toEqual({ a: 'Tab 2 renamed it', b: 'Also tab 1', c: 'From tab 2' });
    expect(snap.rows.get('task:c')?.data?.priority).toBe('high');
    expect(await titles(tab1.db)).toEqual(serverTitles);
    expect(await titles(tab2.db)).toEqual(serverTitles);
    expect(await tab1.db._outbox.count()).toBe(0);
    expect((await tab1.db._meta.get('cursor'))?.value).toBe(snap.cursor);
    await Promise.all([tab1.engine.stop(), tab2.engine.stop()]);
    tab2.db.close();
    await tab1.db.delete();
  });

  it('lets one tab sync at a time and hands the lock to a tab that becomes visible', async () => {
    const user = await server.seedUser();
    const locks = new FakeLocks();
    const net1 = makeNetwork();
    const net2 = makeNetwork();
    const tab1 = makeEngine(user.id, user.token, server.baseUrl, net1, { locks });
    const tab2 = makeEngine(user.id, user.token, server.baseUrl, net2, { locks });
    tab1.engine.start();
    tab2.engine.start();
    await until(() => tab1.engine.isLeader);
    expect(tab2.engine.isLeader).toBe(false);

    // A write in the background tab is pushed by the tab holding the lock (Dexie tells it across tabs).
    await mutate(tab2.db, 'task.create', { id: 'one', title: 'Written in tab 2' });
    await until(async () => (await tab2.db._outbox.count()) === 0);
    expect(net2.calls).toEqual([]);
    expect(net1.count('/api/sync/push')).toBe(1);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await until(() => tab2.engine.isLeader && !tab1.engine.isLeader);
    const tab1Calls = net1.calls.length;
    await mutate(tab1.db, 'task.create', { id: 'two', title: 'Written in tab 1' });
    await until(async () => (await tab1.db._outbox.count()) === 0);
    expect(net2.count('/api/sync/push')).toBe(1);
    expect(net1.calls.length).toBe(tab1Calls);
    expect(await titles(tab1.db)).toEqual({ one: 'Written in tab 2', two: 'Written in tab 1' });

    // When the visible tab closes, the waiting tab takes over.
    await tab2.engine.stop();
    await until(() => tab1.engine.isLeader);
    expect(locks.holder(`sync-${user.id}`)).toBe(true);
    await tab1.engine.stop();
    expect(locks.holder(`sync-${user.id}`)).toBe(false);
    const snap = await server.snapshot(user.token);
    expect([...snap.rows.keys()].sort()).toEqual(['task:one', 'task:two']);
    tab2.db.close();
    await tab1.db.delete();
  });
});
