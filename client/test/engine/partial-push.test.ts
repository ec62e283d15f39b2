import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../src/db/mutate';
import { makeEngine, makeNetwork } from './helpers';
import { startServer, type TestServer } from './server';

/**
 * A server stops a long push at its time or row budget and confirms a prefix of the batch (docs/sync.md,
 * "Limits per user"); the client sends the rest at once instead of treating the answer as broken.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ syncLimits: { batchMaxRows: 2 } });
});
afterAll(() => server.close());

const ids = (body: Record<string, unknown> | undefined) => (body!.mutations as { id: number }[]).map((m) => m.id);

describe('a push the server confirms only in part', () => {
  it('continues from the confirmed lastMutationId, without an error or a backoff', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { backoff: { minMs: 60_000 } });
    for (let i = 1; i <= 5; i++) await mutate(db, 'task.create', { id: `p${i}`, title: `Task ${i}` });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    const pushes = net.calls.filter((c) => c.path === '/api/sync/push').map((c) => ids(c.body));
    // The first answer stops once its staged rows pass the budget (3 creates); the rest goes at once.
    expect(pushes).toEqual([[1, 2, 3, 4, 5], [4, 5]]);
    expect(engine.state.get()).toMatchObject({ status: 'synced', pending: 0 });
    expect((await server.snapshot(user.token)).rows.size).toBe(5);
    await engine.stop();
    await db.delete();
  });
});
