import { z } from 'zod/mini';
import { defineMutator } from '../sync/mutator.js';
import { treeMutators, treeRules } from '../sync/tree.js';
import { idSchema } from '../validation/fields.js';
import { taskCreateSchema, taskPatchSchema, type TaskData } from './schema.js';

const withId = { id: idSchema };

/** Tasks form a tree by `parent` (the shared tree rules, sync/tree.ts). */
const tree = treeRules<TaskData, 'parent'>('task', 'parent', { noun: 'task', cycle: 'A task cannot be moved under itself or one of its subtasks' });

export const { create: taskCreate, update: taskUpdate, move: taskMove } = treeMutators(tree, {
  create: z.extend(z.omit(taskCreateSchema, { _id: true }), withId),
  update: z.extend(z.omit(taskPatchSchema, { parent: true }), withId),
  move: z.object({ ...withId, parent: taskPatchSchema.shape.parent.def.innerType }),
});

export const taskDelete = defineMutator(z.object(withId), (a) => [['task', a.id]], (tx, { id }) => tree.removeSubtree(tx, id));

export const taskRestore = defineMutator(z.object(withId), (a) => [['task', a.id]], (tx, { id }) => tree.restore(tx, id));

export const taskMutators = {
  'task.create': taskCreate,
  'task.update': taskUpdate,
  'task.move': taskMove,
  'task.delete': taskDelete,
  'task.restore': taskRestore,
};
