import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEngine, makeNetwork, otherDevice } from './helpers';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/**
 * Counts IndexedDB transactions (every Dexie operation outside an explicit transaction opens one). Dexie binds
 * `transaction` when it opens a connection, so this must run before the database opens.
 */
function countTransactions() {
  const proto = IDBDatabase.prototype;
  const original = proto.transaction;
  const counts = { all: 0, readwrite: 0 };
  proto.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    counts.all++;
    if (args[1] === 'readwrite') counts.readwrite++;
    return original.apply(this, args);
  } as IDBDatabase['transaction'];
  return { counts, restore: () => (proto.transaction = original) };
}

describe('first sync', () => {
  it('brings 14,000 entities in at most 20 transactions and 2 s', { timeout: 120_000 }, async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    const TOTAL = 14_000;
    for (let start = 0; start < TOTAL; start += 1000) {
      await server.push(
        user.token,
        other.clientId,
        Array.from({ length: 1000 }, (_, i) => {
          const n = start + i;
          return other.m('task.create', {
            id: `task-${String(n).padStart(5, '0')}`,
            title: `Task number ${n} with a realistic title`,
            description: n % 3 === 0 ? 'Some notes about what needs doing, and why it matters today.' : '',
            priority: (['low', 'medium', 'high'] as const)[n % 3],
            dueDate: n % 2 === 0 ? '2026-12-01' : null,
            parent: n % 10 === 0 || n < 10 ? null : `task-${String(n - (n % 10)).padStart(5, '0')}`,
          });
        }),
      );
    }

    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    const tx = countTransactions();
    const t0 = performance.now();
    let status;
    try {
      await db.open();
      engine.start();
      status = await engine.syncNow();
    } finally {
      tx.restore();
    }
    const ms = performance.now() - t0;
    const pulls = net.count('/api/sync/pull');
    console.log(`first sync of ${TOTAL} tasks: ${ms.toFixed(0)} ms, ${tx.counts.all} transactions (${tx.counts.readwrite} rw), ${pulls} pull pages`);

    expect(status).toBe('synced');
    expect(await db.tasks.count()).toBe(TOTAL);
    expect((await db.tasks.get('task-00015'))?.parentId).toBe('task-00010');
    expect((await db._meta.get('cursor'))?.value).toBe(TOTAL);
    expect(tx.counts.all).toBeLessThanOrEqual(20);
    expect(ms).toBeLessThanOrEqual(2000);
    await engine.stop();
    await db.delete();
  });
});
