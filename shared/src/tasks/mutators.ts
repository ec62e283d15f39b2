import { z } from 'zod/mini';
import { defineMutator, MutationError, type MutationTx } from '../sync/mutator.js';
import { idSchema } from '../validation/fields.js';
import { taskCreateSchema, taskPatchSchema, type TaskData } from './schema.js';

const withId = { id: idSchema };

async function liveTask(tx: MutationTx, id: string) {
  const row = await tx.get<TaskData>('task', id);
  if (!row || row.deleted) throw new MutationError('NOT_FOUND', 'Task not found');
  return row;
}

/** Whether `candidate` is `id` itself or one of its descendants (walking up from candidate). */
async function wouldCycle(tx: MutationTx, id: string, candidate: string): Promise<boolean> {
  const seen = new Set<string>();
  let cursor: string | null = candidate;
  while (cursor) {
    if (cursor === id) return true;
    if (seen.has(cursor)) return true; // a cycle already stored: refuse to extend it
    seen.add(cursor);
    const row: Awaited<ReturnType<typeof tx.get<TaskData>>> = await tx.get<TaskData>('task', cursor);
    cursor = row && !row.deleted ? row.data.parent : null;
  }
  return false;
}

/** A parent that exists and is live, else null (the task lands at the root: design/sync.md §6). */
async function resolveParent(tx: MutationTx, parent: string | null): Promise<string | null> {
  if (!parent) return null;
  const row = await tx.get('task', parent);
  return row && !row.deleted ? parent : null;
}

export const taskCreate = defineMutator({
  args: z.extend(z.omit(taskCreateSchema, { _id: true }), withId),
  reads: (a) => [['task', a.id], ['task', a.parent]],
  run: async (tx, { id, ...fields }) => {
    if (await tx.get('task', id)) throw new MutationError('EXISTS', 'A task with this id already exists');
    const requested = fields.parent === id ? null : fields.parent;
    const parent = await resolveParent(tx, requested);
    const data: TaskData = { ...fields, parent };
    await tx.put('task', id, { ...data });
    return { reparented: requested !== parent };
  },
});

export const taskUpdate = defineMutator({
  args: z.extend(z.omit(taskPatchSchema, { parent: true }), withId),
  reads: (a) => [['task', a.id]],
  run: async (tx, { id, ...patch }) => {
    const row = await liveTask(tx, id);
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    await tx.put('task', id, { ...row.data, ...changes });
  },
});

export const taskMove = defineMutator({
  args: z.object({ ...withId, parent: taskPatchSchema.shape.parent.def.innerType }),
  reads: (a) => [['task', a.id], ['task', a.parent]],
  run: async (tx, { id, parent: requested }) => {
    const row = await liveTask(tx, id);
    if (requested && (await wouldCycle(tx, id, requested))) {
      const message = 'A task cannot be moved under itself or one of its subtasks';
      throw new MutationError('CYCLE', message, [{ field: 'parent', key: 'validation.invalid', message }]);
    }
    const parent = await resolveParent(tx, requested);
    await tx.put('task', id, { ...row.data, parent });
    return { reparented: requested !== parent };
  },
});

export const taskDelete = defineMutator({
  args: z.object(withId),
  reads: (a) => [['task', a.id]],
  run: async (tx, { id }) => {
    await liveTask(tx, id);
    const queue = [id];
    while (queue.length > 0) {
      const current = queue.shift()!;
      for (const child of await tx.children('task', current)) queue.push(child.id);
      await tx.remove('task', current);
    }
  },
});

export const taskRestore = defineMutator({
  args: z.object(withId),
  reads: (a) => [['task', a.id]],
  run: async (tx, { id }) => {
    const row = await tx.get<TaskData>('task', id);
    if (!row) throw new MutationError('NOT_FOUND', 'Task not found');
    if (!row.deleted) return;
    const parent = await resolveParent(tx, row.data.parent);
    await tx.put('task', id, { ...row.data, parent });
    return { reparented: parent !== row.data.parent };
  },
});

export const taskMutators = {
  'task.create': taskCreate,
  'task.update': taskUpdate,
  'task.move': taskMove,
  'task.delete': taskDelete,
  'task.restore': taskRestore,
};
