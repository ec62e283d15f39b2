import { liveQuery } from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalRow } from '../../src/db/database';
import { mutate } from '../../src/db/mutate';
import { liveTasks, makeEngine, makeNetwork, otherDevice, until, type Network } from './helpers';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** The user edits while a pull is in flight; the push of those edits cannot get through for now. */
function editDuringPull(net: Network, edit: () => Promise<void>) {
  net.during('/api/sync/pull', async () => {
    await edit();
    net.fail('/api/sync/push');
  });
}

describe('rebase on pull', () => {
  it('keeps a pending local edit when a pull brings another field changed on another device, with no flicker', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    await server.push(user.token, other.clientId, [other.m('task.create', { id: 't', title: 'Old title', priority: 'low' })]);
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    expect((await db.tasks.get('t'))?.data).toMatchObject({ title: 'Old title', priority: 'low' });

    // Another device changes another field of the task and adds one.
    await server.push(user.token, other.clientId, [
      other.m('task.update', { id: 't', priority: 'high' }),
      other.m('task.create', { id: 'u', title: 'From the phone' }),
    ]);
    editDuringPull(net, () => mutate(db, 'task.update', { id: 't', title: 'My title' }).then(() => {}));

    const seen: string[] = [];
    const sub = liveQuery(() => db.tasks.get('t')).subscribe((r) => r && seen.push(`${String(r.data.title)}/${String(r.data.priority)}`));
    expect(await engine.syncNow()).toBe('offline');
    await until(() => seen.at(-1) === 'My title/high');
    sub.unsubscribe();

    // View = server row + the pending patch; the server copy waits in _base for the next rebase.
    expect((await db.tasks.get('t'))?.data).toMatchObject({ title: 'My title', priority: 'high' });
    expect((await liveTasks(db)).u).toMatchObject({ title: 'From the phone' });
    const base = await db._base.get(['task', 't']);
    expect(base?.row?.data).toMatchObject({ title: 'Old title', priority: 'high' });
    expect(await db._outbox.count()).toBe(1);
    // Once the edit showed, every state the screen could render kept it; none went back to the old title.
    const edited = seen.findIndex((v) => v.startsWith('My title/'));
    expect(edited).toBeGreaterThanOrEqual(0);
    expect(seen.slice(edited).every((v) => v.startsWith('My title/'))).toBe(true);

    net.heal();
    expect(await engine.syncNow()).toBe('synced');
    const snap = await server.snapshot(user.token);
    expect(snap.rows.get('task:t')?.data).toMatchObject({ title: 'My title', priority: 'high' });
    expect(await db._outbox.count()).toBe(0);
    expect(await db._base.count()).toBe(0);
    const row = (await db.tasks.get('t')) as LocalRow;
    expect(row.version).toBe(snap.rows.get('task:t')!.version);
    expect(row.updatedAt).toBe(snap.rows.get('task:t')!.data!.updatedAt);
    await engine.stop();
    await db.delete();
  });

  it('applies tombstones: delete wins over a pending edit, subtrees and unseen rows arrive deleted', async () => {
    const user = await server.seedUser();
    const other = otherDevice();
    await server.push(user.token, other.clientId, [
      other.m('task.create', { id: 'p', title: 'Parent' }),
      other.m('task.create', { id: 'c', title: 'Child', parent: 'p' }),
      other.m('task.create', { id: 'keep', title: 'Keep' }),
    ]);
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    engine.start();
    await engine.syncNow();
    expect((await db.tasks.get('c'))?.parentId).toBe('p');

    editDuringPull(net, async () => {
      await mutate(db, 'task.update', { id: 'p', title: 'Renamed offline' });
      await mutate(db, 'task.update', { id: 'keep', title: 'Kept and renamed' });
    });
    await server.push(user.token, other.clientId, [
      other.m('task.delete', { id: 'p' }),
      other.m('task.create', { id: 'ghost', title: 'Short-lived' }),
    ]);
    await server.push(user.token, other.clientId, [other.m('task.delete', { id: 'ghost' })]);
    await engine.syncNow();

    // The replayed rename of the deleted parent fails (NOT_FOUND) and is left out; the other edit stays.
    const p = await db.tasks.get('p');
    expect(p).toMatchObject({ deleted: 1, data: { title: 'Parent' } });
    expect((await db.tasks.get('c'))?.deleted).toBe(1);
    // Never seen alive here: a tombstone without data.
    expect(await db.tasks.get('ghost')).toMatchObject({ deleted: 1, parentId: null });
    expect((await db.tasks.get('ghost'))?.data).toEqual({});
    expect((await db.tasks.get('keep'))?.data.title).toBe('Kept and renamed');
    expect((await db._base.toArray()).map((b) => b.id)).toEqual(['keep']);
    expect(await liveTasks(db)).toEqual({ keep: expect.objectContaining({ title: 'Kept and renamed' }) });

    net.heal();
    await engine.syncNow();
    const snap = await server.snapshot(user.token);
    expect(snap.rows.get('task:p')).toMatchObject({ deleted: true });
    expect(snap.rows.get('task:keep')?.data?.title).toBe('Kept and renamed');
    expect(await db._outbox.count()).toBe(0);
    await engine.stop();
    await db.delete();
  });
});
