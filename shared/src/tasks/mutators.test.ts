import { describe, expect, it } from 'vitest';
import { MutationError } from '../sync/mutator.js';
import { MemoryTx } from '../sync/memory-tx.js';
import { runMutation, runWireMutation, type MutationArgs } from '../sync/registry.js';
import type { TaskData } from './schema.js';

const setup = () => new MemoryTx(new Map(), '2025-03-01T10:00:00.000Z');
const create = (tx: MemoryTx, id: string, extra: Partial<MutationArgs<'task.create'>> = {}) =>
  runMutation(tx, 'task.create', { id, title: `Task ${id}`, ...extra });
const data = async (tx: MemoryTx, id: string) => (await tx.get<TaskData>('task', id))?.data;

async function rejects(p: Promise<unknown>, code: string) {
  await expect(p).rejects.toBeInstanceOf(MutationError);
  await expect(p).rejects.toMatchObject({ code });
}

describe('task.create', () => {
  it('applies the spec defaults', async () => {
    const tx = setup();
    await create(tx, 't1');
    expect(await data(tx, 't1')).toEqual({
      title: 'Task t1',
      description: '',
      completed: false,
      dueDate: null,
      startDate: null,
      time: null,
      priority: 'medium',
      tags: [],
      parent: null,
    });
  });

  it('normalises empty dates, times with am/pm, and tag or parent objects', async () => {
    const tx = setup();
    await create(tx, 'p');
    await create(tx, 't', {
      dueDate: '',
      startDate: '2025-03-05',
      time: '7:05 pm',
      tags: [{ _id: 'tag1' }, 'tag2'],
      parent: { _id: 'p' },
    });
    expect(await data(tx, 't')).toMatchObject({
      dueDate: null,
      startDate: '2025-03-05',
      time: '19:05',
      tags: ['tag1', 'tag2'],
      parent: 'p',
    });
  });

  it('rejects a blank title with the tasks.titleRequired key', async () => {
    const tx = setup();
    const p = create(tx, 't', { title: '   ' });
    await rejects(p, 'VALIDATION');
    await p.catch((e: MutationError) => expect(e.details).toEqual([expect.objectContaining({ field: 'title', key: 'tasks.titleRequired' })]));
  });

  it('rejects bad dates, priorities and times', async () => {
    const tx = setup();
    await rejects(create(tx, 'a', { dueDate: '2025-02-30' }), 'VALIDATION');
    // Not a priority the type allows: sent through the untyped wire entry.
    await rejects(runWireMutation(tx, 'task.create', { id: 'b', title: 'Task b', priority: 'urgent' }), 'VALIDATION');
    await rejects(create(tx, 'c', { time: '25:00' }), 'VALIDATION');
    expect(tx.live('task')).toHaveLength(0);
  });

  it('refuses an existing id', async () => {
    const tx = setup();
    await create(tx, 't');
    await rejects(create(tx, 't'), 'EXISTS');
  });

  it('lands at the root when the parent is missing or deleted', async () => {
    const tx = setup();
    expect(await create(tx, 'orphan', { parent: 'ghost' })).toEqual({ reparented: true });
    expect((await data(tx, 'orphan'))?.parent).toBeNull();
    await create(tx, 'p');
    await runMutation(tx, 'task.delete', { id: 'p' });
    expect(await create(tx, 'late', { parent: 'p' })).toEqual({ reparented: true });
  });
});

describe('task.update', () => {
  it('changes only the given fields', async () => {
    const tx = setup();
    await create(tx, 't', { priority: 'high', description: 'keep me' });
    tx.now = '2025-03-02T00:00:00.000Z';
    await runMutation(tx, 'task.update', { id: 't', completed: true });
    const row = await tx.get<TaskData>('task', 't');
    expect(row?.data).toMatchObject({ completed: true, priority: 'high', description: 'keep me' });
    expect(row?.updatedAt).toBe('2025-03-02T00:00:00.000Z');
    expect(row?.createdAt).toBe('2025-03-01T10:00:00.000Z');
  });

  it('is a no-op rejection on a deleted task (delete wins)', async () => {
    const tx = setup();
    await create(tx, 't');
    await runMutation(tx, 'task.delete', { id: 't' });
    await rejects(runMutation(tx, 'task.update', { id: 't', title: 'again' }), 'NOT_FOUND');
    expect((await tx.get('task', 't'))?.deleted).toBe(true);
  });

  it('cannot change the parent (that is task.move)', async () => {
    const tx = setup();
    await create(tx, 'a');
    await create(tx, 't');
    // task.update's args have no parent: sent as JSON would send it, through the untyped wire entry.
    await runWireMutation(tx, 'task.update', { id: 't', parent: 'a' });
    expect((await data(tx, 't'))?.parent).toBeNull();
  });
});

describe('task.move', () => {
  it('moves under a parent and back to the root', async () => {
    const tx = setup();
    await create(tx, 'a');
    await create(tx, 't');
    await runMutation(tx, 'task.move', { id: 't', parent: 'a' });
    expect((await data(tx, 't'))?.parent).toBe('a');
    await runMutation(tx, 'task.move', { id: 't', parent: null });
    expect((await data(tx, 't'))?.parent).toBeNull();
  });

  it('rejects a move under itself or a descendant', async () => {
    const tx = setup();
    await create(tx, 'a');
    await create(tx, 'b', { parent: 'a' });
    await create(tx, 'c', { parent: 'b' });
    await rejects(runMutation(tx, 'task.move', { id: 'a', parent: 'a' }), 'CYCLE');
    await rejects(runMutation(tx, 'task.move', { id: 'a', parent: 'c' }), 'CYCLE');
    expect((await data(tx, 'a'))?.parent).toBeNull();
  });
});

describe('task.delete and task.restore', () => {
  it('deletes the whole subtree and nothing else', async () => {
    const tx = setup();
    await create(tx, 'a');
    await create(tx, 'b', { parent: 'a' });
    await create(tx, 'c', { parent: 'b' });
    await create(tx, 'd');
    await runMutation(tx, 'task.delete', { id: 'a' });
    expect(tx.live('task').map((t) => t.id)).toEqual(['d']);
  });

  it('restores a deleted task at the root when its parent stays deleted', async () => {
    const tx = setup();
    await create(tx, 'a');
    await create(tx, 'b', { parent: 'a' });
    await runMutation(tx, 'task.delete', { id: 'a' });
    expect(await runMutation(tx, 'task.restore', { id: 'b' })).toEqual({ reparented: true });
    expect(tx.live('task').map((t) => t.id)).toEqual(['b']);
  });

  it('rejects deleting an unknown task', async () => {
    await rejects(runMutation(setup(), 'task.delete', { id: 'nope' }), 'NOT_FOUND');
  });
});

describe('registry', () => {
  // Names read from JSON (a push, the outbox) go through the untyped wire entry; the typed one does not compile them.
  it('rejects unknown mutation names, including prototype keys', async () => {
    await rejects(runWireMutation(setup(), 'task.explode', {}), 'VALIDATION');
    await rejects(runWireMutation(setup(), '__proto__', {}), 'VALIDATION');
    await rejects(runWireMutation(setup(), 'constructor', {}), 'VALIDATION');
  });
});
