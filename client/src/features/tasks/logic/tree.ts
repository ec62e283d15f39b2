import type { TaskItem } from './types';

/**
 * Parent/child rules of SPEC section 5 over the live task list. A parent link to a task that is not in the
 * list (deleted, or not synced yet) counts as no parent: the task shows at the root.
 */

type Linked = Pick<TaskItem, 'id' | 'parent'>;

export interface TaskIndex<T extends Linked = TaskItem> {
  byId: Map<string, T>;
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

export interface TreeNode<T> {
  task: T;
  depth: number;
  children: TreeNode<T>[];
}

/**
 * The forest of `visible` tasks: each under its parent when that parent is visible too, else at the root
 * (a child whose parent is missing shows at the root). Order follows `visible`.
 */
export function buildForest<T extends Linked>(visible: readonly T[]): TreeNode<T>[] {
  const ids = new Set(visible.map((t) => t.id));
  const nodes = new Map<string, TreeNode<T>>(visible.map((t) => [t.id, { task: t, depth: 0, children: [] }]));
  const roots: TreeNode<T>[] = [];
  for (const t of visible) {
    const node = nodes.get(t.id)!;
    const parent = t.parent && t.parent !== t.id && ids.has(t.parent) ? nodes.get(t.parent)! : null;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  // Nodes trapped in a stored cycle never reach a root: lift them so nothing disappears.
  const reached = new Set<string>();
  const stack = roots.map((n) => ({ node: n, depth: 0 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    node.depth = depth;
    reached.add(node.task.id);
    for (const c of node.children) stack.push({ node: c, depth: depth + 1 });
  }
  for (const t of visible) {
    if (reached.has(t.id)) continue;
    const node = nodes.get(t.id)!;
    const parent = nodes.get(t.parent ?? '');
    if (parent) parent.children = parent.children.filter((c) => c !== node);
    roots.push(node);
    const lifted = [{ node, depth: 0 }];
    while (lifted.length > 0) {
      const { node: n, depth } = lifted.pop()!;
      n.depth = depth;
      reached.add(n.task.id);
      for (const c of n.children) if (!reached.has(c.task.id)) lifted.push({ node: c, depth: depth + 1 });
    }
  }
  return roots;
}

/** The rows of a forest in display order, skipping the children of collapsed nodes. */
export function flattenForest<T extends Linked>(roots: readonly TreeNode<T>[], collapsed: ReadonlySet<string>): TreeNode<T>[] {
  const out: TreeNode<T>[] = [];
  const walk = (nodes: readonly TreeNode<T>[]) => {
    for (const n of nodes) {
      out.push(n);
      if (!collapsed.has(n.task.id)) walk(n.children);
    }
  };
  walk(roots);
  return out;
}
