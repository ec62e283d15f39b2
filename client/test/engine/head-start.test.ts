import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE } from '../../src/db/replicate';
import { SYNC_SCHEMA_VERSION } from '@adhd/shared/sync/protocol';
import { committedCursors, liveTasks, makeEngine, makeNetwork, otherDevice } from './helpers';
import { startServer, type TestServer } from './server';
import { withSchemaVersion } from '../../vite-plugins/public-scripts';

/**
 * public/early.js against the real server: on a device with no local database it sends the first pull page
 * before the app runs, and the engine takes that answer over instead of asking again (docs/architecture.md,
 * "Start-up").
 */
const EARLY = withSchemaVersion(readFileSync(path.join(import.meta.dirname, '../../public/early.js'), 'utf8'));

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  delete window.__early;
  localStorage.clear();
});

/**
 * Runs early.js in this page as signed in with `token`, its requests going to the test server. With `epoch`,
 * each answer carries that database epoch, written before `"changes"` or as the answer's last member.
 */
function runHeadStart(
  user: { id: string },
  token: string,
  delayOf: (body: { cursor: number }) => number = () => 0,
  epoch?: { value: string; at: 'head' | 'end' },
) {
  localStorage.setItem('auth_token', token);
  localStorage.setItem('auth_user', JSON.stringify({ _id: user.id, email: 'x@example.com' }));
  const sent: { url: string; auth: string | undefined; body: string }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = init?.headers as Record<string, string>;
    sent.push({ url: String(input), auth: headers.authorization, body: String(init?.body) });
    let res = await realFetch(new URL(String(input), server.baseUrl), init);
    const delay = delayOf(JSON.parse(String(init?.body)) as { cursor: number });
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (res.ok) {
      // The server's own epoch is taken out, so each case controls whether and where an epoch appears.
      const text = (await res.text()).replace(/,"epoch":"[^"]*"/, '');
      const member = epoch && `"epoch":${JSON.stringify(epoch.value)}`;
      const body = !epoch ? text : epoch.at === 'head' ? text.replace(',"changes":', `,${member},"changes":`) : `${text.slice(0, -1)},${member}}`;
      res = new Response(body, { status: res.status, headers: res.headers });
    }
    return res;
  }) as typeof fetch;
  new Function(EARLY)();
  return sent;
}

async function seedTasks(token: string, n: number) {
  const other = otherDevice();
  await server.push(
    token,
    other.clientId,
    Array.from({ length: n }, (_, i) => other.m('task.create', { id: `task-${i}`, title: `Task ${i}` })),
  );
}

describe('head start (public/early.js)', () => {
  it('asks for the first page at once, as the engine would, and the engine takes the answer over', async () => {
    const user = await server.seedUser();
    await seedTasks(user.token, 3);
    const sent = runHeadStart(user, user.token);

    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/sync/pull');
    expect(sent[0]!.auth).toBe(`Bearer ${user.token}`);
    const body = JSON.parse(sent[0]!.body) as Record<string, unknown>;
    expect(body).toEqual({ clientId: expect.stringMatching(/^c_[0-9a-f]{32}$/), cursor: 0, limit: FIRST_PAGE, schemaVersion: SYNC_SCHEMA_VERSION });

    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    // The new database took the head start's client id, and its first page was not asked for again.
    expect((await db._meta.get('clientId'))?.value).toBe(body.clientId);
    expect(net.calls.filter((c) => c.path === '/api/sync/pull' && c.body?.cursor === 0)).toHaveLength(0);
    expect(Object.keys(await liveTasks(db)).sort()).toEqual(['task-0', 'task-1', 'task-2']);
    // The next start reads the local database instead.
    expect(localStorage.getItem(`local_db:${db.name}`)).toBe('1');
    await engine.stop();
    await db.delete();
  });

  it.each([
    ['without an epoch', undefined],
    ['with the epoch written before "changes"', { value: 'epoch-1', at: 'head' }],
    ['with the epoch at the end of the answer', { value: 'epoch-1', at: 'end' }],
  ] as const)('fetches the next pages ahead, each as soon as the previous answer announces it, %s', async (_, epoch) => {
    const user = await server.seedUser();
    const total = FIRST_PAGE + 3;
    const other = otherDevice();
    for (let start = 0; start < total; start += 500) {
      const n = Math.min(500, total - start);
      await server.push(user.token, other.clientId, Array.from({ length: n }, (_, i) => other.m('task.create', { id: `task-${start + i}`, title: `Task ${start + i}` })));
    }
    const sent = runHeadStart(user, user.token, () => 0, epoch);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    // The next page's body is the engine's, key for key: with the announcing answer's epoch, last.
    const second = JSON.parse(sent[1]!.body) as Record<string, unknown>;
    expect(second).toEqual({ clientId: expect.any(String), cursor: FIRST_PAGE, limit: 5000, schemaVersion: SYNC_SCHEMA_VERSION, ...(epoch ? { epoch: epoch.value } : {}) });
    expect(Object.keys(second).at(-1)).toBe(epoch ? 'epoch' : 'schemaVersion');

    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    expect(await db.tasks.count()).toBe(total);
    // Both pages came from the head start: the engine sent no pull of its own.
    expect(net.count('/api/sync/pull')).toBe(0);
    expect((await db._meta.get('epoch'))?.value).toBe(epoch?.value);
    await engine.stop();
    await db.delete();
  });

  it('stores the pages it fetched ahead together after the first, however long they take to arrive', async () => {
    const user = await server.seedUser();
    const total = FIRST_PAGE + 5000 + 3;
    const other = otherDevice();
    for (let start = 0; start < total; start += 1000) {
      const n = Math.min(1000, total - start);
      await server.push(user.token, other.clientId, Array.from({ length: n }, (_, i) => other.m('task.create', { id: `task-${start + i}`, title: `Task ${start + i}` })));
    }
    // The last page is slow: far beyond the engine's wait for a page it asked for itself.
    const sent = runHeadStart(user, user.token, ({ cursor }) => (cursor > FIRST_PAGE ? 600 : 0));
    await vi.waitFor(() => expect(sent).toHaveLength(3), { timeout: 5000 });

    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net, { pullMergeMs: 20 });
    await db.open();
    const committed = committedCursors(db);
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    expect(await db.tasks.count()).toBe(total);
    expect(net.count('/api/sync/pull')).toBe(0);
    // The first page alone, then the other two in one transaction.
    expect(committed).toEqual([FIRST_PAGE, (await server.snapshot(user.token)).cursor]);
    await engine.stop();
    await db.delete();
  }, 30_000);

  it('asks again with the current token when the head start’s token was refused', async () => {
    const user = await server.seedUser();
    await seedTasks(user.token, 2);
    runHeadStart(user, 'expired.token.value');
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    expect(Object.keys(await liveTasks(db))).toHaveLength(2);
    const first = net.calls.find((c) => c.path === '/api/sync/pull');
    expect(first?.body?.cursor).toBe(0);
    expect(first?.headers.authorization).toBe(`Bearer ${user.token}`);
    await engine.stop();
    await db.delete();
  });

  it('leaves an answer alone that does not match the request (another client id)', async () => {
    const user = await server.seedUser();
    await seedTasks(user.token, 1);
    runHeadStart(user, user.token);
    // The database was made by someone else in the meantime, with its own client id.
    const net = makeNetwork();
    const { db, engine } = makeEngine(user.id, user.token, server.baseUrl, net);
    await db._meta.put({ key: 'clientId', value: 'c_another_client_id_0001' });
    engine.start();
    expect(await engine.syncNow()).toBe('synced');
    expect(net.calls.find((c) => c.path === '/api/sync/pull')?.body?.clientId).toBe('c_another_client_id_0001');
    expect(window.__early?.pulls?.length).toBeGreaterThan(0);
    await engine.stop();
    await db.delete();
  });
});
