import type { PullResponse } from '@adhd/shared/sync/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../src/db/mutate';
import { json, liveTasks, makeEngine, makeNetwork, type Network } from './helpers';
import { startServer, type TestServer } from './server';

/**
 * Issue 12, point 9 (client): the pull answer's database epoch is stored with the cursor and sent with every
 * pull; a restored server answers `reset: true` under a new epoch, and the device starts over from it while
 * keeping its unsynced changes.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/**
 * The pull answers of a server with database epochs (it stands in for the real server's own): the real answer with
 * `epoch()` added. While `restoredFrom` is set, a pull that carries that old epoch gets what a restored backup
 * answers: `reset: true` from version 0, under the current epoch, without the rows `lost` names and with the
 * backup's `lastMutationId`.
 */
function epochServer(net: Network) {
  const sim = { epoch: 'E1', restoredFrom: null as string | null, lost: new Set<string>(), lastMutationId: 0 };
  net.respond('/api/sync/pull', async (body, input, init) => {
    const restore = sim.restoredFrom !== null && body!.epoch === sim.restoredFrom;
    // The simulation owns the epochs: the real server is asked without one (it has epochs of its own).
    const { epoch: _simulated, ...rest } = body!;
    const sent = restore ? { clientId: body!.clientId, cursor: 0, limit: body!.limit, schemaVersion: 1 } : rest;
    const res = await fetch(input, { ...init, body: JSON.stringify(sent) });
    if (!res.ok) return res;
    const page = (await res.json()) as PullResponse;
    if (!restore) return json(200, { ...page, epoch: sim.epoch });
    const changes = page.changes.filter((c) => !sim.lost.has(c.id));
    return json(200, { ...page, reset: true, epoch: sim.epoch, lastMutationId: sim.lastMutationId, changes });
  });
  return sim;
}

describe('database epoch', () => {
  it('stores the epoch with the cursor and sends it, last, with the next pull', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    epochServer(net);
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    await mutate(db, 'task.create', { id: 'a', title: 'A' });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    expect((await db._meta.get('epoch'))?.value).toBe('E1');
    const first = net.calls.filter((c) => c.path === '/api/sync/pull')[0]!;
    expect(first.body!.epoch).toBeUndefined();

    await engine.syncNow();
    const pulls = net.calls.filter((c) => c.path === '/api/sync/pull');
    const last = pulls[pulls.length - 1]!.body!;
    expect(Object.keys(last)).toEqual(['clientId', 'cursor', 'limit', 'schemaVersion', 'epoch']);
    expect(last).toMatchObject({ cursor: (await db._meta.get('cursor'))?.value, epoch: 'E1' });
    await engine.stop();
    await db.delete();
  });

  it('starts over on a reset under a new epoch (a restored server), keeping the outbox', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const sim = epochServer(net);
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    await mutate(db, 'task.create', { id: 'kept', title: 'In the backup' });
    await mutate(db, 'task.create', { id: 'lost', title: 'Written after the backup' });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    expect(Object.keys(await liveTasks(db)).sort()).toEqual(['kept', 'lost']);

    // The server is restored from a backup taken after mutation 1: it has a new epoch and lost 'lost'. This
    // device had meanwhile sent and dropped mutations up to 9 (in the lost timeline), so its next id is 10,
    // far above what the server expects.
    Object.assign(sim, { epoch: 'E2', restoredFrom: 'E1', lost: new Set(['lost']), lastMutationId: 1 });
    await db._meta.put({ key: 'nextMutationId', value: 10 });
    const before = net.calls.length;
    // A change made while that pull is on its way is still unsynced when the reset lands.
    net.during('/api/sync/pull', () => mutate(db, 'task.create', { id: 'new', title: 'Made during the pull' }).then(() => undefined));
    expect(await engine.syncNow()).toBe('synced');

    expect((await db._meta.get('epoch'))?.value).toBe('E2');
    expect(Object.keys(await liveTasks(db)).sort()).toEqual(['kept', 'new']);
    expect(await db._outbox.count()).toBe(0);
    expect((await server.snapshot(user.token)).rows.has('task:new')).toBe(true);
    // 409 MUTATION_GAP with `expected` below the outbox: the outbox is numbered from there and sent again.
    const pushed = net.calls.slice(before).filter((c) => c.path === '/api/sync/push');
    expect(pushed.map((c) => (c.body!.mutations as { id: number }[]).map((m) => m.id))).toEqual([[10], [3]]);
    expect((await db._meta.get('nextMutationId'))?.value).toBe(4);
    const pulls = net.calls.filter((c) => c.path === '/api/sync/pull');
    expect(pulls[pulls.length - 1]!.body!.epoch).toBe('E2');
    await engine.stop();
    await db.delete();
  });
});
