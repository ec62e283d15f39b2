import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';
import { collectTombstones } from './repository.js';

const t = useServerTest({ user: false });

let clientSeq = 0;
async function twoClients() {
  const user = await t.seedUser();
  const a = t.device(user, `client-a-${++clientSeq}-xxxx`);
  const b = t.device(user, `client-b-${clientSeq}-xxxx`);
  return { user, a, b };
}

const seqOf = async (userId: string) => Number((await t.app.db.selectFrom('sync_user').select('seq').where('user_id', '=', userId).executeTakeFirst())?.seq ?? 0);

describe('push', () => {
  it('applies mutations, answers versions and advances lastMutationId', async () => {
    const { a } = await twoClients();
    await a.mutate('task.create', { id: 't1', title: 'one' });
    await a.mutate('task.update', { id: 't1', completed: true });
    const res = await a.push();
    expect(res).toMatchObject({ lastMutationId: 2, results: [{ id: 1, status: 'applied' }, { id: 2, status: 'applied' }] });
    const versions = res!.results.map((r) => ('version' in r ? r.version : null));
    expect(versions.every((v) => typeof v === 'number' && v > 0)).toBe(true);
  });

  it('is exactly once: a replayed push is skipped and the version counter rises once (invariant 3)', async () => {
    const { user, a } = await twoClients();
    await a.mutate('task.create', { id: 't1', title: 'one' });
    await a.mutate('task.create', { id: 't2', title: 'two' });
    await a.push();
    const seq = await seqOf(user.id);
    for (let i = 0; i < 3; i++) {
      const replay = (await a.pushRaw(a.outbox)).json();
      expect(replay.results).toEqual([{ id: 1, status: 'skipped' }, { id: 2, status: 'skipped' }]);
    }
    expect(await seqOf(user.id)).toBe(seq);
  });

  it('applies once when two tabs push the same batch concurrently', async () => {
    const { user, a } = await twoClients();
    for (let i = 0; i < 5; i++) await a.mutate('task.create', { id: `c${i}`, title: `t${i}` });
    const [r1, r2] = await Promise.all([a.pushRaw(a.outbox), a.pushRaw(a.outbox)]);
    const statuses = [...r1.json().results, ...r2.json().results].map((r: { status: string }) => r.status).sort();
    expect(statuses.filter((s) => s === 'applied')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'skipped')).toHaveLength(5);
    expect(await seqOf(user.id)).toBe(5);
  });

  it('answers 409 on a mutation gap with no effect (invariant 6)', async () => {
    const { user, a } = await twoClients();
    const res = await a.pushRaw([
      { id: 1, name: 'task.create', args: { id: 'g1', title: 'one' } },
      { id: 3, name: 'task.create', args: { id: 'g3', title: 'three' } },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'MUTATION_GAP' }, expected: 2 });
    expect(await seqOf(user.id)).toBe(0);
    const gapFirst = await a.pushRaw([{ id: 2, name: 'task.create', args: { id: 'g2', title: 'two' } }]);
    expect(gapFirst.statusCode).toBe(409);
    expect(gapFirst.json().expected).toBe(1);
  });

  it('rejects domain errors but still advances lastMutationId', async () => {
    const { a } = await twoClients();
    const res = await a.pushRaw([
      { id: 1, name: 'task.create', args: { id: 'p', title: 'parent' } },
      { id: 2, name: 'task.create', args: { id: 'c', title: 'child', parent: 'p' } },
      { id: 3, name: 'task.move', args: { id: 'p', parent: 'c' } },
      { id: 4, name: 'task.create', args: { id: 'x', title: '' } },
      { id: 5, name: 'task.nope', args: {} },
      { id: 6, name: 'task.update', args: { id: 'p', title: 'renamed' } },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lastMutationId).toBe(6);
    expect(body.results.map((r: { status: string; code?: string }) => r.code ?? r.status)).toEqual([
      'applied',
      'applied',
      'CYCLE',
      'VALIDATION',
      'VALIDATION',
      'applied',
    ]);
    await a.pull();
    expect(a.liveRows().map((r) => [r.id, r.data.title, r.data.parent])).toEqual([
      ['c', 'child', 'p'],
      ['p', 'renamed', null],
    ]);
  });

  it('validates the request itself', async () => {
    const { user } = await twoClients();
    const post = (payload: unknown) => t.callAs(user, 'POST', '/api/sync/push', payload);
    expect((await post({ clientId: 'short', mutations: [] })).statusCode).toBe(400);
    expect((await post({ clientId: 'client-valid-1', mutations: [{ id: 0, name: 'task.create', args: {} }] })).statusCode).toBe(400);
    expect((await post({ clientId: 'client-valid-1', mutations: 'nope' })).statusCode).toBe(400);
    const old = await post({ clientId: 'client-valid-1', schemaVersion: 0, mutations: [] });
    expect(old.statusCode).toBe(426);
    const noAuth = await t.callAs(null, 'POST', '/api/sync/push', { clientId: 'client-valid-1', mutations: [] });
    expect(noAuth.statusCode).toBe(401);
  });
});

describe('pull', () => {
  it('pages with limit=1 to the same state as one big page (cursor completeness)', async () => {
    const { a, b } = await twoClients();
    for (let i = 0; i < 12; i++) await a.mutate('task.create', { id: `p${i}`, title: `t${i}`, parent: i > 0 ? `p${i - 1}` : null });
    await a.mutate('task.delete', { id: 'p6' });
    await a.push();
    await a.pull(1000);
    await b.pull(1);
    expect(b.liveRows()).toEqual(a.liveRows());
    expect(b.liveRows()).toHaveLength(6);
  });

  it('never confirms a mutation before its rows are pulled (lastMutationId with hasMore)', async () => {
    const { a } = await twoClients();
    await a.mutate('task.create', { id: 'x1', title: 'one' });
    await a.mutate('task.create', { id: 'x2', title: 'two' });
    await a.push();
    const first = await a.pullPage(1);
    expect(first.hasMore).toBe(true);
    expect(first.lastMutationId).toBe(2);
    await a.pull(1);
    expect(a.outbox).toHaveLength(0);
    expect(a.liveRows().map((r) => r.id)).toEqual(['x1', 'x2']);
  });

  it('keeps pending local changes on top of pulled rows (rebase, no flicker)', async () => {
    const { a, b } = await twoClients();
    await a.mutate('task.create', { id: 'r1', title: 'server title', priority: 'low' });
    await a.push();
    await b.pull();
    await b.mutate('task.update', { id: 'r1', priority: 'high' });
    await a.mutate('task.update', { id: 'r1', title: 'changed on A' });
    await a.push();
    await b.pull();
    expect(b.liveRows()[0]!.data).toMatchObject({ title: 'changed on A', priority: 'high' });
    expect(b.outbox).toHaveLength(1);
  });

  it('ends deleted when a delete races an offline edit, and resets an old cursor after tombstone GC (invariant 8)', async () => {
    const { user, a, b } = await twoClients();
    await a.mutate('task.create', { id: 'd1', title: 'doomed' });
    await a.push();
    await b.pull();
    const staleCursor = b.cursor;
    await b.mutate('task.update', { id: 'd1', title: 'edited offline' });
    await a.mutate('task.delete', { id: 'd1' });
    await a.push();
    const late = await b.push();
    expect(late!.results[0]).toMatchObject({ status: 'rejected', code: 'NOT_FOUND' });
    await a.pull();
    await b.pull();
    expect(a.liveRows()).toEqual([]);
    expect(b.liveRows()).toEqual([]);

    await collectTombstones(t.app.db, user.id, new Date(Date.now() + 1000).toISOString());
    const c = t.device(user, `client-c-${clientSeq}-xxxx`);
    c.cursor = staleCursor;
    const page = await c.pullPage();
    expect(page.reset).toBe(true);
    await c.pull();
    expect(c.liveRows()).toEqual(a.liveRows());
  });

  it('collects tombstones older than 90 days in the periodic maintenance', async () => {
    const { user, a } = await twoClients();
    await a.mutate('task.create', { id: 'old', title: 'old' });
    await a.mutate('task.create', { id: 'recent', title: 'recent' });
    await a.push();
    await a.mutate('task.delete', { id: 'old' });
    await a.mutate('task.delete', { id: 'recent' });
    await a.push();
    const longAgo = new Date(Date.now() - 91 * 86_400_000).toISOString();
    await t.app.db.updateTable('entities').set({ updated_at: longAgo }).where('user_id', '=', user.id).where('id', '=', 'old').execute();
    await t.app.runMaintenance();
    const left = await t.app.db.selectFrom('entities').select('id').where('user_id', '=', user.id).execute();
    expect(left.map((r) => r.id)).toEqual(['recent']);
    const page = await t.device(user, `client-m-${clientSeq}-xxxx`).pullPage();
    expect(page.reset).toBe(false); // a fresh client (cursor 0) never needs a reset
    a.cursor = 1;
    expect((await a.pullPage()).reset).toBe(true);
  });

  it('resets a cursor from the future (another database)', async () => {
    const { a } = await twoClients();
    a.cursor = 10_000;
    expect((await a.pullPage()).reset).toBe(true);
  });
});

describe('isolation (invariant 11)', () => {
  it("never returns another user's rows and refuses a foreign clientId", async () => {
    const { a } = await twoClients();
    await a.mutate('task.create', { id: 'secret', title: 'secret' });
    await a.push();
    const intruder = await t.seedUser();
    const spy = t.device(intruder, 'spy-client-0001');
    await spy.pull();
    expect(spy.liveRows()).toEqual([]);
    const hijack = t.device(intruder, a.clientId);
    expect((await hijack.pushRaw([{ id: 2, name: 'task.delete', args: { id: 'secret' } }])).statusCode).toBe(403);
    const res = await t.callAs(intruder, 'POST', '/api/sync/pull', { clientId: a.clientId, cursor: 0 });
    expect(res.statusCode).toBe(403);
    // The intruder's own mutation on that id does not touch A's row.
    await spy.mutate('task.create', { id: 'secret', title: 'mine' });
    expect((await spy.push())!.results[0]!.status).toBe('applied');
    await a.pull();
    expect(a.liveRows()[0]!.data.title).toBe('secret');
  });
});

describe('REST parity (invariant 10)', () => {
  it('shows REST writes in the next pull with a higher version', async () => {
    const { user, a } = await twoClients();
    await a.pull();
    const before = a.cursor;
    const res = await t.callAs(user, 'POST', '/api/tasks', { title: 'via REST' });
    const page = await a.pullPage();
    expect(page.changes).toEqual([expect.objectContaining({ entity: 'task', id: res.json()._id, deleted: false })]);
    expect(page.changes[0]!.version).toBeGreaterThan(before);
    const { _id, children, version, ...fields } = res.json();
    expect(page.changes[0]!.data).toEqual(fields);
    expect(page.changes[0]!.version).toBe(version);
    expect([_id, children]).toEqual([page.changes[0]!.id, []]);
  });

  it('a REST PUT never reverts a field changed concurrently through sync', async () => {
    const { user, a } = await twoClients();
    const created = (await t.callAs(user, 'POST', '/api/tasks', { title: 'shared', priority: 'low' })).json();
    await a.pull();
    await a.mutate('task.update', { id: created._id, priority: 'high' });
    await a.push();
    // A REST client that read the task before the sync edit sends its full stale copy with a new title.
    await t.callAs(user, 'PUT', `/api/tasks/${created._id}`, { ...created, title: 'renamed via REST' });
    const now = (await t.callAs(user, 'GET', `/api/tasks/${created._id}`)).json();
    expect(now).toMatchObject({ title: 'renamed via REST', priority: 'high' });
  });
});

describe('clock skew (quality test 7)', () => {
  it('orders by arrival, not by client clocks', async () => {
    const { a, b } = await twoClients();
    await a.mutate('task.create', { id: 'k', title: 'start' });
    await a.push();
    await b.pull();
    await a.mutate('task.update', { id: 'k', title: 'from A, clock a day ahead' });
    a.outbox[a.outbox.length - 1]!.clientTime = new Date(Date.now() + 86_400_000).toISOString();
    await b.mutate('task.update', { id: 'k', title: 'from B, clock 10 min behind' });
    b.outbox[b.outbox.length - 1]!.clientTime = new Date(Date.now() - 600_000).toISOString();
    await a.push();
    await b.push();
    await a.pull();
    await b.pull();
    expect(a.liveRows()).toEqual(b.liveRows());
    expect(a.liveRows()[0]!.data.title).toBe('from B, clock 10 min behind');
  });
});
