import type { Mutation } from '@adhd/shared/sync/protocol';
import { describe, expect, it } from 'vitest';
import { useServerTest, type SeededUser } from '../../../test/kit.js';
import { failInsertsInto } from '../../../test/stores.js';

/**
 * Issue 12, point 8 follow-up: a rejection is never lost when a push's answer is lost. The server remembers
 * each rejected mutation's code and message per (client, mutation id) and a retried push hears it again.
 */

const t = useServerTest({ user: false });

let seq = 0;
async function client(user?: SeededUser) {
  const u = user ?? (await t.seedUser());
  return { user: u, c: t.device(u, `client-rej-${++seq}-xxxx`) };
}

const remembered = async (clientId: string) =>
  (await t.app.db.selectFrom('sync_rejection').select(['mutation_id', 'code']).where('client_id', '=', clientId).orderBy('mutation_id').execute()).map(
    (r) => [Number(r.mutation_id), r.code],
  );

/** A batch whose 2nd mutation is refused: an edit of a note that does not exist (deleted elsewhere). */
const batch: Mutation[] = [
  { id: 1, name: 'task.create', args: { id: 't1', title: 'one' } },
  { id: 2, name: 'note.update', args: { id: 'gone', content: 'the words I wrote on the train' } },
  { id: 3, name: 'task.create', args: { id: 't3', title: 'three' } },
];

describe('a retried push', () => {
  it('answers a mutation rejected the first time `rejected` again, with the same code and message; the others `skipped`', async () => {
    const { c } = await client();
    const first = (await c.pushRaw(batch)).json();
    expect(first.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    const refusal = first.results[1];
    expect(refusal).toMatchObject({ id: 2, status: 'rejected', code: 'NOT_FOUND' });
    expect(refusal.message).toEqual(expect.any(String));

    // The first answer was lost: the client sends the same batch again, maybe more than once.
    for (let i = 0; i < 2; i++) {
      const again = await c.pushRaw(batch);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({
        lastMutationId: 3,
        results: [{ id: 1, status: 'skipped' }, refusal, { id: 3, status: 'skipped' }],
      });
    }
    // Nothing ran twice.
    expect((await c.pullPage()).changes.map((ch) => ch.id).sort()).toEqual(['t1', 't3']);
  });

  it('replays the refusals among its processed ids and runs the new ones (a batch that overlaps)', async () => {
    const { c } = await client();
    await c.pushRaw(batch);
    const res = (await c.pushRaw([...batch.slice(1), { id: 4, name: 'note.update', args: { id: 'gone2', title: 'x' } }])).json();
    expect(res.results.map((r: { id: number; status: string; code?: string }) => [r.id, r.code ?? r.status])).toEqual([
      [2, 'NOT_FOUND'],
      [3, 'skipped'],
      [4, 'NOT_FOUND'],
    ]);
    expect(res.lastMutationId).toBe(4);
  });

  it("keeps each client's refusals to itself: another client's same id is not answered with them", async () => {
    const { user, c } = await client();
    await c.pushRaw(batch);
    const { c: other } = await client(user);
    await other.pushRaw([{ id: 1, name: 'task.create', args: { id: 'o1', title: 'o' } }, { id: 2, name: 'task.create', args: { id: 'o2', title: 'o' } }]);
    const replay = (await other.pushRaw([{ id: 2, name: 'task.create', args: { id: 'o2', title: 'o' } }])).json();
    expect(replay.results).toEqual([{ id: 2, status: 'skipped' }]);
  });

  it('remembers only refusals, and forgets those below the first id a later push sends (the client has taken them in)', async () => {
    const { c } = await client();
    await c.pushRaw(batch);
    expect(await remembered(c.clientId)).toEqual([[2, 'NOT_FOUND']]);
    // A retry from id 2 still needs the refusal.
    await c.pushRaw(batch.slice(1));
    expect(await remembered(c.clientId)).toEqual([[2, 'NOT_FOUND']]);
    // A push from id 4 comes from a client that has heard the answer for 2.
    await c.pushRaw([{ id: 4, name: 'task.create', args: { id: 't4', title: 'four' } }]);
    expect(await remembered(c.clientId)).toEqual([]);
  });

  it('writes the refusals in the push transaction: when remembering fails, the push leaves no effect at all', async () => {
    const { user, c } = await client();
    const undo = await failInsertsInto(t.app.db, 'sync_rejection');
    try {
      const failed = await c.pushRaw(batch);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('crash');
    } finally {
      await undo();
    }
    expect(await t.app.db.selectFrom('entities').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    // So the batch runs again in full, and its refusal is answered and remembered.
    expect((await c.pushRaw(batch)).json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(await remembered(c.clientId)).toEqual([[2, 'NOT_FOUND']]);
  });

  it("goes with the account: deleting the user deletes its clients' refusals", async () => {
    const { user, c } = await client();
    await c.pushRaw(batch);
    expect(await remembered(c.clientId)).toHaveLength(1);
    await t.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await remembered(c.clientId)).toEqual([]);
  });
});
