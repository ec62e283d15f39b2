import { PUSH_MAX_BYTES, QUOTA_EXCEEDED, SKIP_MUTATION, TOO_LARGE, type Mutation } from '@adhd/shared/sync/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveToAttention } from '../../src/db/attention';
import { mutate } from '../../src/db/mutate';
import { pendingCount } from '../../src/db/outbox';
import { jsonBytes } from '../../src/db/replicate';
import { restoreAsNew } from '../../src/features/attention/data/attention';
import { json, liveTasks, makeEngine, makeNetwork, otherDevice, refuseOnServer } from './helpers';
import { startServer, type TestServer } from './server';

/** Issue 12, point 8: a change the server refuses is never lost unseen, and no batch wedges the queue. */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** The batches pushed (from the `from`th request on). */
const pushes = (net: ReturnType<typeof makeNetwork>, from = 0) =>
  net.calls.slice(from).filter((c) => c.path === '/api/sync/push').map((c) => c.body!.mutations as Mutation[]);

describe('needs attention', () => {
  it('keeps a task edit refused because the task was deleted elsewhere, counts it no more, and restores it as a new task that syncs', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    await mutate(db, 'task.create', { id: 't1', title: 'Call the dentist' });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');

    // Offline, this device edits the task while another device deletes it.
    net.offline = true;
    await mutate(db, 'task.update', { id: 't1', title: 'Call the dentist at 9' });
    await mutate(db, 'task.update', { id: 't1', priority: 'high' });
    await server.push(user.token, other.clientId, [other.m('task.delete', { id: 't1' })]);
    net.offline = false;
    expect(await engine.syncNow()).toBe('synced');

    // Both refused edits of the task are one entry, with both changes.
    const [entry, ...more] = await db._attention.toArray();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      mutationId: 3,
      entity: 'task',
      entityId: 't1',
      name: 'task.update',
      args: { id: 't1', title: 'Call the dentist at 9', priority: 'high' },
      code: 'NOT_FOUND',
      message: 'Task not found',
    });
    expect(entry!.row).toMatchObject({ title: 'Call the dentist at 9', priority: 'high' });
    // Not counted as unsynced, and gone from the view (delete wins).
    expect(engine.state.get().pending).toBe(0);
    expect(await db._outbox.count()).toBe(0);
    expect((await liveTasks(db)).t1).toBeUndefined();

    const id = await restoreAsNew(db, entry!);
    expect(await db._attention.count()).toBe(0);
    expect(await engine.syncNow()).toBe('synced');
    expect((await server.snapshot(user.token)).rows.get(`task:${id}`)).toMatchObject({
      deleted: false,
      data: { title: 'Call the dentist at 9', priority: 'high' },
    });
    await engine.stop();
    await db.delete();
  });

  it('never loses the text of a note edited offline while it was deleted elsewhere', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    await mutate(db, 'note.create', { id: 'n1', title: 'Ideas', content: 'first draft' });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');

    net.offline = true;
    const text = 'The words I wrote on the train';
    await mutate(db, 'note.update', { id: 'n1', content: text });
    await server.push(user.token, other.clientId, [other.m('note.delete', { id: 'n1' })]);
    net.offline = false;
    expect(await engine.syncNow()).toBe('synced');
    expect(engine.state.get().pending).toBe(0);

    // Today the server refuses the edit (NOT_FOUND) and the text waits in the list; a server that restores the
    // note instead (issue 12, point 8, server side) leaves the list empty. Either way the text is on the server
    // in a live note once the user has restored what the list holds.
    for (const entry of await db._attention.toArray()) {
      expect(entry).toMatchObject({ entity: 'note', entityId: 'n1', code: 'NOT_FOUND', args: { content: text } });
      await restoreAsNew(db, entry);
    }
    expect(await engine.syncNow()).toBe('synced');
    const notes = [...(await server.snapshot(user.token)).rows.values()].filter((c) => c.entity === 'note' && !c.deleted);
    expect(notes.map((c) => c.data)).toEqual([expect.objectContaining({ title: 'Ideas', content: text })]);
    await engine.stop();
    await db.delete();
  });

  it('moves a write over the storage quota (QUOTA_EXCEEDED) to the list with the server’s message; sync goes on', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    const message = 'Your storage quota of 500 MB is used up';
    refuseOnServer(net, (m) => m.name === 'note.create', QUOTA_EXCEEDED, message);
    await mutate(db, 'note.create', { id: 'big', title: 'Scan', content: 'x'.repeat(1000) });
    await mutate(db, 'task.create', { id: 'small', title: 'Still syncs' });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');

    expect(await db._attention.toArray()).toEqual([expect.objectContaining({ entity: 'note', entityId: 'big', code: QUOTA_EXCEEDED, message })]);
    expect(engine.state.get()).toMatchObject({ status: 'synced', pending: 0 });
    expect(await db.notes.get('big')).toBeUndefined();
    const rows = (await server.snapshot(user.token)).rows;
    expect(rows.has('task:small')).toBe(true);
    expect(rows.has('note:big')).toBe(false);
    await engine.stop();
    await db.delete();
  });
});

describe('the unsynced count', () => {
  it('never counts sync.skip nor a refused change', async () => {
    const user = await server.seedUser();
    const { db } = makeEngine(user.id, user.token, server.baseUrl, makeNetwork());
    for (const id of ['a', 'b', 'c']) await mutate(db, 'task.create', { id, title: id });
    expect(await pendingCount(db)).toBe(3);
    await moveToAttention(db, [{ mutationId: 1, code: TOO_LARGE, message: 'too large' }], true);
    await moveToAttention(db, [{ mutationId: 2, code: 'VALIDATION', message: 'invalid' }]);
    expect((await db._outbox.toArray()).map((e) => [e.id, e.name])).toEqual([
      [1, SKIP_MUTATION],
      [3, 'task.create'],
    ]);
    expect(await pendingCount(db)).toBe(1);
    expect((await db._attention.toArray()).map((e) => [e.mutationId, e.code]).sort()).toEqual([
      [1, TOO_LARGE],
      [2, 'VALIDATION'],
    ]);
    await db.delete();
  });
});

describe('push batches by bytes', () => {
  it('sends three offline saves of a 400 KB note and a small later change, none of them stuck', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    await mutate(db, 'note.create', { id: 'n', title: 'Book', content: 'start' });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');

    net.offline = true;
    for (const c of ['a', 'b', 'c']) await mutate(db, 'note.update', { id: 'n', content: c.repeat(400_000) });
    await mutate(db, 'task.create', { id: 'later', title: 'A small change' });
    const online = net.calls.length;
    net.offline = false;
    expect(await engine.syncNow()).toBe('synced');

    const sent = pushes(net, online);
    expect(sent.flat().map((m) => m.id)).toEqual([2, 3, 4, 5]);
    for (const batch of sent) expect(jsonBytes({ clientId: 'c_0123456789abcdef', schemaVersion: 1, mutations: batch })).toBeLessThanOrEqual(PUSH_MAX_BYTES);
    const rows = (await server.snapshot(user.token)).rows;
    expect(rows.get('note:n')?.data?.content).toBe('c'.repeat(400_000));
    expect(rows.has('task:later')).toBe(true);
    expect(await db._attention.count()).toBe(0);
    expect(engine.state.get().pending).toBe(0);
    await engine.stop();
    await db.delete();
  }, 60_000);

  it('sets a single 1.2 MB mutation aside as TOO_LARGE and sends sync.skip in its place, so the queue moves on', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    // Control characters are six bytes each in JSON (\u0007): 200k of them make a 1.2 MB mutation.
    const content = `x${'\u0007'.repeat(200_000)}`;
    await mutate(db, 'note.create', { id: 'huge', title: 'Huge', content });
    await mutate(db, 'task.create', { id: 'after', title: 'After the huge one' });
    const [huge] = await db._outbox.toArray();
    expect(jsonBytes({ id: huge!.id, name: huge!.name, args: huge!.args })).toBeGreaterThan(1_200_000);
    engine.start();
    expect(await engine.syncNow()).toBe('synced');

    const sent = pushes(net);
    expect(sent.flat().map((m) => [m.id, m.name])).toEqual([
      [1, SKIP_MUTATION],
      [2, 'task.create'],
    ]);
    const [entry] = await db._attention.toArray();
    expect(entry).toMatchObject({ mutationId: 1, entity: 'note', entityId: 'huge', name: 'note.create', code: TOO_LARGE });
    expect((entry!.args as { content: string }).content).toBe(content);
    expect(await db.notes.get('huge')).toBeUndefined();
    expect(engine.state.get()).toMatchObject({ status: 'synced', pending: 0 });
    expect((await server.snapshot(user.token)).rows.has('task:after')).toBe(true);
    await engine.stop();
    await db.delete();
  }, 60_000);

  it('halves a batch the server answers 413 for, and sets aside a mutation it refuses alone', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    for (const id of ['a', 'b', 'c', 'd']) await mutate(db, 'task.create', { id, title: id.toUpperCase() });
    const tooLarge = () => json(413, { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' } });
    net.respond('/api/sync/push', (body, input, init) => {
      const batch = body!.mutations as Mutation[];
      if (batch.length > 2 || batch.some((m) => (m.args as { id?: string }).id === 'c')) return tooLarge();
      return fetch(input, init);
    });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');

    expect(pushes(net).map((b) => b.map((m) => m.id))).toEqual([[1, 2, 3, 4], [1, 2], [3, 4], [3], [3], [4]]);
    expect(pushes(net)[4]![0]!.name).toBe(SKIP_MUTATION);
    expect(await db._attention.toArray()).toEqual([expect.objectContaining({ entityId: 'c', code: TOO_LARGE })]);
    expect([...(await server.snapshot(user.token)).rows.keys()].sort()).toEqual(['task:a', 'task:b', 'task:d']);
    await engine.stop();
    await db.delete();
  });
});
