import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../lib/group-commit.js';
import { newClientId, useServerTest } from '../../../test/kit.js';
import { TEST_STORE } from '../../../test/stores.js';

/**
 * What a group of pushes hands on from one push to the next (issue 14, metric 303): the user's lock and
 * counters, the client's row, and the rows new to the database (no tag references to drop).
 */
describe(`pushes of one group (${TEST_STORE})`, () => {
  const t = useServerTest({ user: false });
  const counters = async (userId: string) => {
    const row = await t.app.db.selectFrom('sync_user').select(['seq', 'bytes']).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return { seq: Number(row.seq), bytes: Number(row.bytes) };
  };
  const liveBytes = async (userId: string) => {
    const rows = await t.app.db.selectFrom('entities').select('data').where('user_id', '=', userId).where('deleted', '=', 0).execute();
    return rows.reduce((n, r) => n + Buffer.byteLength(r.data), 0);
  };

  it('a scope keeps what a write set only when the write succeeded', async () => {
    // No time budget: on a loaded machine a 10 ms one could end the group between the writes.
    const group = new GroupCommit(t.app.db, { maxJobs: 64, budgetMs: 60_000 }, { kind: t.app.dbKind });
    const seen: unknown[] = [];
    const failing = group.run(async (_trx, scope) => {
      scope.set('k', 'from the failed write');
      throw new Error('refused');
    });
    const setting = group.run(async (_trx, scope) => {
      seen.push(scope.get('k'));
      scope.set('k', 'kept');
    });
    const reading = group.run(async (_trx, scope) => seen.push(scope.get('k')));
    await expect(failing).rejects.toThrow('refused');
    await Promise.all([setting, reading]);
    expect(seen).toEqual([undefined, 'kept']);
  });

  it('concurrent pushes whose first is refused: versions and counters stay right (the lock is taken again)', async () => {
    const user = await t.seedUser();
    const gap = t.push(user, newClientId('gap'), [{ id: 2, name: 'task.create', args: { id: 'g-gap', title: 'gap' } }]);
    const clients = Array.from({ length: 12 }, () => newClientId('gp'));
    const pushes = clients.map((c, i) => t.push(user, c, [{ id: 1, name: 'task.create', args: { id: `gp-${i}`, title: `task ${i}` } }]));
    const again = clients.slice(0, 4).map((c, i) => t.push(user, c, [{ id: 1, name: 'task.create', args: { id: `gp-${i}`, title: `task ${i}` } }]));
    expect((await gap).statusCode).toBe(409);
    const answers = await Promise.all([...pushes, ...again]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    const versions = answers.flatMap((r) => r.json().results.flatMap((x: { version?: number }) => (x.version ? [x.version] : [])));
    expect(new Set(versions).size).toBe(clients.length);
    expect(Math.max(...versions)).toBe(clients.length);
    expect(await counters(user.id)).toEqual({ seq: clients.length, bytes: await liveBytes(user.id) });
    // A client's row handed on inside the group: a later push of the same client continues after it.
    const next = await t.push(user, clients[0]!, [{ id: 2, name: 'task.update', args: { id: 'gp-0', title: 'renamed' } }]);
    expect(next.json()).toMatchObject({ lastMutationId: 2, results: [{ id: 2, status: 'applied' }] });
    expect(await counters(user.id)).toEqual({ seq: clients.length + 1, bytes: await liveBytes(user.id) });
  });

  it('tag references: a new row gets its tags, a row written again in the same group has them replaced', async () => {
    const user = await t.seedUser();
    const setup = newClientId('tags');
    const made = await t.push(user, setup, [
      { id: 1, name: 'tag.create', args: { id: 'tg-a', name: 'a' } },
      { id: 2, name: 'tag.create', args: { id: 'tg-b', name: 'b' } },
    ]);
    expect(made.statusCode).toBe(200);
    const [first, second] = [newClientId('t1'), newClientId('t2')];
    const create = t.push(user, first, [{ id: 1, name: 'task.create', args: { id: 'tt-1', title: 'x', tags: ['tg-a'] } }]);
    const retag = t.push(user, second, [{ id: 1, name: 'task.update', args: { id: 'tt-1', tags: ['tg-b'] } }]);
    const [a, b] = await Promise.all([create, retag]);
    expect(a.json().results[0].status).toBe('applied');
    const refs = await t.app.db.selectFrom('tag_refs').select(['tag_id', 'item_id']).where('user_id', '=', user.id).execute();
    const task = await t.app.db.selectFrom('entities').select('data').where('user_id', '=', user.id).where('id', '=', 'tt-1').executeTakeFirstOrThrow();
    const tags = (JSON.parse(task.data) as { tags: string[] }).tags;
    expect(tags).toEqual(b.json().results[0].status === 'applied' ? ['tg-b'] : ['tg-a']);
    expect(refs.map((r) => [r.tag_id, r.item_id])).toEqual(tags.map((tag) => [tag, 'tt-1']));
  });
});
