import { MutationError } from '@adhd/shared/sync/mutator';
import type { Mutation } from '@adhd/shared/sync/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';
import { ScriptedClient } from '../../../test/sync-client.js';

/**
 * Server hooks (hooks.ts): a hook registered for a mutation runs after its shared mutator, inside the same
 * transaction, for a sync push and for REST, and receives the mutation's parsed (typed) args.
 */

const t = useServerTest({ user: false });

const unregister: (() => void)[] = [];
afterEach(() => {
  for (const off of unregister.splice(0)) off();
});

let n = 0;
async function client() {
  const user = await t.seedUser();
  return { user, c: new ScriptedClient(t.app, user.headers, `client-hook-${++n}-xxxx`) };
}

/** A hook on task.create that writes a note named after the task, through the mutations' transaction. */
function noteEveryTask(seen: unknown[] = []) {
  unregister.push(
    t.app.sync.hooks.after('task.create', async (ctx, args) => {
      seen.push(args);
      if (args.title === 'boom') throw new Error('hook failed');
      if (args.title === 'refuse') throw new MutationError('VALIDATION', 'Refused by the hook');
      await ctx.tx.put('note', `note-of-${args.id}`, { title: `About ${args.title}`, content: '', folder: null, userId: ctx.userId });
    }),
  );
  return seen;
}

const create = (id: number, task: string, title: string): Mutation => ({ id, name: 'task.create', args: { id: task, title } });
const rowsOf = async (c: ScriptedClient) => (await c.pullPage()).changes.map((ch) => `${ch.entity}:${ch.id}`).sort();

describe('server hooks', () => {
  it('run after the mutator on a push, with its parsed args, and their writes commit with it', async () => {
    const seen = noteEveryTask();
    const { user, c } = await client();
    const res = await c.pushRaw([create(1, 't1', 'Buy milk')]);
    expect(res.json().results).toEqual([{ id: 1, status: 'applied', version: expect.any(Number) }]);
    // Parsed args: the schema's defaults are filled in (the client sent only id and title).
    expect(seen).toEqual([expect.objectContaining({ id: 't1', title: 'Buy milk', priority: 'medium', parent: null, tags: [] })]);
    const page = await c.pullPage();
    expect(page.changes.map((ch) => `${ch.entity}:${ch.id}`).sort()).toEqual(['note:note-of-t1', 'task:t1']);
    expect(page.changes.find((ch) => ch.id === 'note-of-t1')?.data).toMatchObject({ title: 'About Buy milk', userId: user.id });
  });

  it('roll back with the push when they fail: nothing of the batch is stored', async () => {
    noteEveryTask();
    const { c } = await client();
    const res = await c.pushRaw([create(1, 't1', 'first'), create(2, 't2', 'boom')]);
    expect(res.statusCode).toBe(500);
    expect(await rowsOf(c)).toEqual([]);
  });

  it('reject only their mutation with a MutationError: its writes and the hook’s are dropped, the others stay', async () => {
    noteEveryTask();
    const { c } = await client();
    const res = await c.pushRaw([create(1, 't1', 'first'), create(2, 't2', 'refuse'), create(3, 't3', 'third')]);
    expect(res.json().results.map((r: { status: string }) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(res.json().results[1]).toMatchObject({ code: 'VALIDATION', message: 'Refused by the hook' });
    expect(await rowsOf(c)).toEqual(['note:note-of-t1', 'note:note-of-t3', 'task:t1', 'task:t3']);
  });

  it('run for REST writes too, in the request transaction', async () => {
    noteEveryTask();
    const { user, c } = await client();
    const ok = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: user.headers, payload: { _id: 'r1', title: 'From REST' } });
    expect(ok.statusCode).toBe(201);
    const failed = await t.app.inject({ method: 'POST', url: '/api/tasks', headers: user.headers, payload: { _id: 'r2', title: 'boom' } });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().error.message).not.toContain('hook failed');
    expect(await rowsOf(c)).toEqual(['note:note-of-r1', 'task:r1']);
  });

  it('stop running once unregistered', async () => {
    const seen: unknown[] = [];
    const off = t.app.sync.hooks.after('task.create', (_ctx, args) => {
      seen.push(args.id);
    });
    const { c } = await client();
    await c.pushRaw([create(1, 'a', 'A')]);
    off();
    await c.pushRaw([create(2, 'b', 'B')]);
    expect(seen).toEqual(['a']);
  });
});
