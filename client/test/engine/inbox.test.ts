import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutate } from '../../src/db/mutate';
import { makeEngine, makeNetwork, until } from './helpers';
import { startServer, type TestServer } from './server';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the inbox across devices', () => {
  it('offline captures, a conversion and an append reach the server once and the second device gets them', async () => {
    const user = await server.seedUser();
    const net = makeNetwork();
    net.offline = true;
    const phone = makeEngine(user.id, user.token, server.baseUrl, net);
    phone.engine.start();
    await until(() => phone.engine.state.get().status === 'offline');

    await mutate(phone.db, 'note.create', { id: 'journal', title: 'Journal', content: 'Monday' });
    await mutate(phone.db, 'inbox.create', { id: 'idea-1', text: 'Book flights\nbefore Friday' });
    await mutate(phone.db, 'inbox.create', { id: 'idea-2', text: 'Tuesday', source: 'share' });
    await mutate(phone.db, 'inbox.create', { id: 'idea-3', text: 'Still thinking' });
    await mutate(phone.db, 'inbox.convert', { id: 'idea-1', to: 'task', targetId: 'task-1', fields: { priority: 'high' } });
    await mutate(phone.db, 'inbox.append', { id: 'idea-2', noteId: 'journal' });
    await until(() => phone.engine.state.get().pending === 6);

    net.heal();
    expect(await phone.engine.syncNow()).toBe('synced');
    expect(await phone.db._outbox.count()).toBe(0);
    const snap = await server.snapshot(user.token);
    expect(snap.rows.get('task:task-1')).toMatchObject({ deleted: false, data: { title: 'Book flights', description: 'before Friday', priority: 'high' } });
    expect(snap.rows.get('note:journal')).toMatchObject({ data: { content: 'Monday\n\nTuesday' } });
    expect(snap.rows.get('inbox:idea-1')).toMatchObject({ deleted: true });
    expect(snap.rows.get('inbox:idea-2')).toMatchObject({ deleted: true });
    expect(snap.rows.get('inbox:idea-3')).toMatchObject({ deleted: false, data: { text: 'Still thinking', source: 'app' } });

    // The second device: a fresh local database (one per user name here, so the phone's goes first).
    await phone.engine.stop();
    await phone.db.delete();
    const laptop = makeEngine(user.id, user.token, server.baseUrl, makeNetwork());
    laptop.engine.start();
    expect(await laptop.engine.syncNow()).toBe('synced');
    const liveItems = (await laptop.db.inbox.toArray()).filter((r) => r.deleted === 0).map((r) => r.id);
    expect(liveItems).toEqual(['idea-3']);
    expect((await laptop.db.tasks.get('task-1'))?.data).toMatchObject({ title: 'Book flights' });
    expect((await laptop.db.notes.get('journal'))?.data).toMatchObject({ content: 'Monday\n\nTuesday' });

    await laptop.engine.stop();
    await laptop.db.delete();
  });
});
