import { z } from 'zod/mini';
import { defineMutator } from '../sync/mutator.js';
import { treeRules } from '../sync/tree.js';
import { idSchema } from '../validation/fields.js';
import { taskCreateSchema, taskPatchSchema, type TaskData } from './schema.js';

const withId = { id: idSchema };

/** Tasks form a tree by `parent` (the shared tree rules, sync/tree.ts). */
const tree = treeRules<TaskData, 'parent'>('task', 'parent', {
  notFound: 'Task not found',
  exists: 'A task with this id already exists',
  cycle: 'A task cannot be moved under itself or one of its subtasks',
});

export const taskCreate = defineMutator({
  args: z.extend(z.omit(taskCreateSchema, { _id: true }), withId),
  reads: (a) => [['task', a.id], ['task', a.parent]],
  run: (tx, { id, ...fields }) => tree.create(tx, id, fields),
});

export const taskUpdate = defineMutator({
  args: z.extend(z.omit(taskPatchSchema, { parent: true }), withId),
  reads: (a) => [['task', a.id]],
  run: (tx, { id, ...patch }) => tree.update(tx, id, patch),
});

export const taskMove = defineMutator({
  args: z.object({ ...withId, parent: taskPatchSchema.shape.parent.def.innerType }),
  reads: (a) => [['task', a.id], ['task', a.parent]],
  run: (tx, { id, parent }) => tree.move(tx, id, parent),
});

export const taskDelete = defineMutator({
  args: z.object(withId),
  reads: (a) => [['task', a.id]],
  run: (tx, { id }) => tree.removeSubtree(tx, id),
});

export const taskRestore = defineMutator({
  args: z.object(withId),
  reads: (a) => [['task', a.id]],
  run: (tx, { id }) => tree.restore(tx, id),
});

export const taskMutators = {
  'task.create': taskCreate,
  'task.update': taskUpdate,
  'task.move': taskMove,
  'task.delete': taskDelete,
  'task.restore': taskRestore,
};
