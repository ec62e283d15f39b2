import { defineMutator } from '../sync/mutator.js';
import { treeMutators, treeRules } from '../sync/tree.js';
import { idArgs } from '../sync/args.js';
import { taskCreateSchema, taskPatchSchema, type TaskData } from './schema.js';

/** Tasks form a tree by `parent` (the shared tree rules, sync/tree.ts). */
const tree = treeRules<TaskData, 'parent'>('task', 'parent', { noun: 'task', cycle: 'A task cannot be moved under itself or one of its subtasks' });

export const { create: taskCreate, update: taskUpdate, move: taskMove } = treeMutators(tree, taskCreateSchema, taskPatchSchema);

export const taskDelete = defineMutator(idArgs, (a) => [['task', a.id]], (tx, { id }) => tree.removeSubtree(tx, id));

export const taskRestore = defineMutator(idArgs, (a) => [['task', a.id]], (tx, { id }) => tree.restore(tx, id));

export const taskMutators = {
  'task.create': taskCreate,
  'task.update': taskUpdate,
  'task.move': taskMove,
  'task.delete': taskDelete,
  'task.restore': taskRestore,
};
