import { buildTree, flattenTree, type TreeNode } from '@adhd/shared/tree';
import { LayeredMap } from '../../../lib/layered-map';
import { listChanges } from './sorted';
import type { TaskItem } from './types';

/**
 * Parent/child rules of SPEC section 5 over the live task list. A parent link to a task that is not in the
 * list (deleted, or not synced yet) counts as no parent: the task shows at the root.
 */

type Linked = Pick<TaskItem, 'id' | 'parent'>;

export interface TaskIndex<T extends Linked = TaskItem> {
  byId: ReadonlyMap<string, T>;
  /** Children ids of each task, in list order. */
  children: Map<string, string[]>;
}

export function indexTasks<T extends Linked>(tasks: readonly T[]): TaskIndex<T> {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const children = new Map<string, string[]>();
  for (const t of tasks) {
    if (!t.parent || !byId.has(t.parent)) continue;
    const list = children.get(t.parent);
    if (list) list.push(t.id);
    else children.set(t.parent, [t.id]);
  }
  return { byId, children };
}

let lastIndex: { tasks: readonly TaskItem[]; index: TaskIndex } | null = null;

/**
 * `indexTasks` of the live tasks, made from the previous call's index when the change is a few new tasks (a quick
 * add) or edits that keep each task's parent (a checkbox): the previous id map with those rows set on top
 * (`LayeredMap`: no copy of the 10k entries), instead of indexing all 10k again. Anything else (a delete, a move, a new task that is another's missing parent) indexes
 * from scratch. The previous index is never changed.
 */
export function indexLiveTasks(tasks: readonly TaskItem[]): TaskIndex {
  if (lastIndex?.tasks === tasks) return lastIndex.index;
  const index = (lastIndex && patchIndex(lastIndex, tasks)) ?? indexTasks(tasks);
  lastIndex = { tasks, index };
  return index;
}

function patchIndex(prev: { tasks: readonly TaskItem[]; index: TaskIndex }, tasks: readonly TaskItem[]): TaskIndex | null {
  const changes = listChanges(prev.tasks, tasks);
  if (!changes) return null;
  const { byId: before, children: kids } = prev.index;
  const replaced = new Map([...changes.removed].map((t) => [t.id, t]));
  const fresh: TaskItem[] = [];
  for (const t of changes.added) {
    const old = replaced.get(t.id);
    if (old) {
      if (old.parent !== t.parent) return null;
      replaced.delete(t.id);
    } else if (before.has(t.id)) return null;
    else fresh.push(t);
  }
  // A removed row, or a new task some other task names as its parent (until now a missing one): from scratch.
  if (replaced.size > 0) return null;
  if (fresh.length > 0) {
    // New tasks come last (the live table's Map order), so each joins the end of its parent's children.
    if (fresh.some((t, k) => tasks[tasks.length - fresh.length + k] !== t)) return null;
    const ids = new Set(fresh.map((t) => t.id));
    if (tasks.some((t) => t.parent !== null && ids.has(t.parent) && !ids.has(t.id))) return null;
  }
  const byId = LayeredMap.with(before, changes.added.map((t) => [t.id, t] as const));
  let children = kids;
  for (const t of fresh) {
    if (!t.parent || !byId.has(t.parent)) continue;
    if (children === kids) children = new Map(kids);
    children.set(t.parent, [...(children.get(t.parent) ?? []), t.id]);
  }
  const index = { byId, children };
  // No changed task is anyone's live child: every parent's counts are the previous index's.
  if (children === kids && changes.added.every((t) => !t.parent || !byId.has(t.parent))) sameCounts.set(index, prev.index);
  return index;
}

/** A task's subtasks: how many, and how many of them are completed. */
export interface ChildCount {
  total: number;
  done: number;
}

const counts = new WeakMap<TaskIndex, ReadonlyMap<string, ChildCount>>();
/** An index made by `patchIndex` whose child counts are those of the index it was made from. */
const sameCounts = new WeakMap<TaskIndex, TaskIndex>();

/** The child counts of every task that has children (kept per index; a quick add reuses the previous ones). */
export function childCounts(index: TaskIndex): ReadonlyMap<string, ChildCount> {
  let out = counts.get(index);
  if (out) return out;
  const from = sameCounts.get(index);
  if (from) out = childCounts(from);
  else {
    const made = new Map<string, ChildCount>();
    for (const [id, kids] of index.children) made.set(id, { total: kids.length, done: kids.filter((k) => index.byId.get(k)?.completed).length });
    out = made;
  }
  counts.set(index, out);
  sameCounts.delete(index);
  return out;
}

/** The live parent of a task, or null when it has none or the parent is missing. */
export function liveParent<T extends Linked>(index: TaskIndex<T>, id: string): string | null {
  const parent = index.byId.get(id)?.parent ?? null;
  return parent && index.byId.has(parent) ? parent : null;
}

/** Every descendant of `id` (children, grandchildren, …); safe against stored cycles. */
export function descendantIds<T extends Linked>(index: TaskIndex<T>, id: string): Set<string> {
  const out = new Set<string>();
  const queue = [...(index.children.get(id) ?? [])];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (out.has(next) || next === id) continue;
    out.add(next);
    queue.push(...(index.children.get(next) ?? []));
  }
  return out;
}

/** The chain of ancestors of `id`, nearest first; stops at a missing parent or a stored cycle. */
export function ancestorIds<T extends Linked>(index: TaskIndex<T>, id: string, parentOverride?: string | null): string[] {
  const out: string[] = [];
  const seen = new Set([id]);
  let cursor = parentOverride !== undefined ? parentOverride : liveParent(index, id);
  while (cursor && index.byId.has(cursor) && !seen.has(cursor)) {
    out.push(cursor);
    seen.add(cursor);
    cursor = liveParent(index, cursor);
  }
  return out;
}

/**
 * Tasks that may become the parent of `taskId` (null while creating): everything but the task itself and its
 * descendants, including children staged in the form (`stagedChildren`) and their descendants.
 */
export function parentChoices<T extends Linked>(index: TaskIndex<T>, taskId: string | null, stagedChildren: readonly string[] = []): T[] {
  const excluded = new Set<string>();
  for (const root of taskId ? [taskId, ...stagedChildren] : stagedChildren) {
    excluded.add(root);
    for (const d of descendantIds(index, root)) excluded.add(d);
  }
  return [...index.byId.values()].filter((t) => !excluded.has(t.id));
}

/**
 * Tasks that may be added as a child of `taskId`: everything but the task itself, its existing children (or the
 * ones the form already lists) and its ancestors (through the parent chosen in the form, when given).
 */
export function childChoices<T extends Linked>(
  index: TaskIndex<T>,
  taskId: string,
  options: { currentChildren?: readonly string[]; parent?: string | null } = {},
): T[] {
  const excluded = new Set<string>([taskId, ...(options.currentChildren ?? index.children.get(taskId) ?? [])]);
  for (const a of ancestorIds(index, taskId, options.parent)) excluded.add(a);
  return [...index.byId.values()].filter((t) => !excluded.has(t.id));
}

export type { TreeNode };

/** A task's links in the tree: its id and its parent's. */
const TASK_LINKS = { id: (t: Linked) => t.id, parent: (t: Linked) => t.parent };

/**
 * The forest of `visible` tasks: each under its parent when that parent is visible too, else at the root
 * (a child whose parent is missing shows at the root). Order follows `visible`; nothing caught in a stored
 * cycle is lost (lib/tree.ts).
 */
export function buildForest<T extends Linked>(visible: readonly T[]): TreeNode<T>[] {
  return buildTree(visible, TASK_LINKS);
}

/** The rows of a forest in display order, skipping the children of collapsed nodes. */
export function flattenForest<T extends Linked>(roots: readonly TreeNode<T>[], collapsed: ReadonlySet<string>): TreeNode<T>[] {
  return flattenTree(roots, TASK_LINKS, { collapsed });
}
