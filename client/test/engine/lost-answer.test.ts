import type { Mutation, PushResponse } from '@adhd/shared/sync/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../src/db/mutate';
import { json, makeEngine, makeNetwork, otherDevice, type Network } from './helpers';
import { startServer, type TestServer } from './server';

/**
 * Issue 12, point 8 follow-up: a refusal is never lost when a push's answer is lost. The server answers a
 * retried id it refused `rejected` again (docs/sync.md, push), so the change still reaches "needs attention".
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/**
 * The next push (or the next one whose batch starts at `firstId`) reaches the server and is processed, but its
 * answer never arrives (the connection drops). Other pushes go through.
 */
function losePushAnswer(net: Network, firstId?: number) {
  net.respond('/api/sync/push', async (body, input, init) => {
    const res = await fetch(input, init);
    if (firstId !== undefined && (body!.mutations as Mutation[])[0]!.id !== firstId) return res;
    net.heal();
    await res.arrayBuffer();
    throw new TypeError('fetch failed');
  });
}

/** The batches pushed from the `from`th request on. */
const pushed = (net: Network, from: number) => net.calls.slice(from).filter((c) => c.path === '/api/sync/push').map((c) => (c.body!.mutations as Mutation[]).map((m) => m.id));

/** A synced note `n1` that another device then deletes while this device is offline. */
async function noteDeletedElsewhere(pushLimit = 500) {
  const user = await server.seedUser();
  const other = otherDevice();
  const net = makeNetwork();
  const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { pushLimit });
  await mutate(db, 'note.create', { id: 'n1', title: 'Ideas', content: 'first draft' });
  engine.start();
  expect(await engine.syncNow()).toBe('synced');
  net.offline = true;
  const deleteElsewhere = () => server.push(user.token, other.clientId, [other.m('note.delete', { id: 'n1' })]);
  return { user, net, db, engine, deleteElsewhere };
}

describe('a push whose answer is lost', () => {
  it('still moves a note edit the server refused (NOT_FOUND) to the attention list with its reason; nothing stays pending', async () => {
    const { net, db, engine, deleteElsewhere } = await noteDeletedElsewhere();
    await mutate(db, 'note.update', { id: 'n1', pinned: true });
    await deleteElsewhere();
    net.offline = false;
    const online = net.calls.length;
    losePushAnswer(net);
    await engine.syncNow();
    expect(await engine.syncNow()).toBe('synced');

    // The refused edit was sent twice: the server processed it the first time, and answered the retry.
    expect(pushed(net, online)).toEqual([[2], [2]]);
    expect(await db._attention.toArray()).toEqual([
      expect.objectContaining({ mutationId: 2, entity: 'note', entityId: 'n1', args: { id: 'n1', pinned: true }, code: 'NOT_FOUND', message: 'Note not found' }),
    ]);
    expect(engine.state.get()).toMatchObject({ status: 'synced', pending: 0 });
    expect(await db._outbox.count()).toBe(0);
    await engine.stop();
    await db.delete();
  });

  it('merges a refusal heard again on a retry into the entry an earlier refusal of the same note made', async () => {
    const { net, db, engine, deleteElsewhere } = await noteDeletedElsewhere(1);
    await mutate(db, 'note.update', { id: 'n1', pinned: true });
    await mutate(db, 'note.update', { id: 'n1', color: '#ffcc00' });
    await deleteElsewhere();
    net.offline = false;
    const online = net.calls.length;
    // The answer for [2] arrives; the one for [3] is lost and [3] is sent again.
    losePushAnswer(net, 3);
    await engine.syncNow();
    expect(await engine.syncNow()).toBe('synced');

    expect(pushed(net, online)).toEqual([[2], [3], [3]]);
    const entries = await db._attention.toArray();
    expect(entries).toEqual([
      expect.objectContaining({ entity: 'note', entityId: 'n1', code: 'NOT_FOUND', args: { id: 'n1', pinned: true, color: '#ffcc00' } }),
    ]);
    expect(engine.state.get()).toMatchObject({ status: 'synced', pending: 0 });
    await engine.stop();
    await db.delete();
  });

  it('takes a `rejected` answer for an id already in the list, or no longer in the outbox, as a no-op', async () => {
    const { net, db, engine, deleteElsewhere } = await noteDeletedElsewhere();
    await mutate(db, 'note.update', { id: 'n1', pinned: true });
    await deleteElsewhere();
    net.offline = false;
    expect(await engine.syncNow()).toBe('synced');
    const before = await db._attention.toArray();
    expect(before).toHaveLength(1);

    // A later answer that also repeats the refusal of 2 and refuses an id this client never had.
    await mutate(db, 'task.create', { id: 't1', title: 'Still syncs' });
    net.respond('/api/sync/push', async (_body, input, init) => {
      net.heal();
      const answer = (await (await fetch(input, init)).json()) as PushResponse;
      const stale = [2, 1].map((id) => ({ id, status: 'rejected' as const, code: 'NOT_FOUND', message: 'Note not found' }));
      return json(200, { ...answer, results: [...stale, ...answer.results] });
    });
    expect(await engine.syncNow()).toBe('synced');

    expect(await db._attention.toArray()).toEqual(before);
    expect(engine.state.get()).toMatchObject({ status: 'synced', pending: 0 });
    expect(await db._outbox.count()).toBe(0);
    expect((await db.tasks.get('t1'))?.data).toMatchObject({ title: 'Still syncs' });
    await engine.stop();
    await db.delete();
  });
});
