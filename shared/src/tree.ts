/**
 * The one tree helper of the app, for rows that form a tree by a parent link (tasks by `parent`, folders by
 * `parentFolder`), on both sides: the client's tree views and the server's tree routes. A node holds its item,
 * its depth (0 at the root) and its children. The mutation-side rules (cycles, re-parenting to the root, subtree
 * deletes) are in sync/tree.ts.
 */
export interface TreeNode<T> {
  item: T;
  depth: number;
  children: TreeNode<T>[];
}

/** How to read a row's id and its parent's id (null at the root). */
export interface TreeLinks<T> {
  id(item: T): string;
  parent(item: T): string | null;
}

/** Children ids of every row, by parent id, in the rows' order. */
export function childrenIndex<T>(items: Iterable<T>, links: TreeLinks<NoInfer<T>>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const item of items) {
    const parent = links.parent(item);
    if (!parent) continue;
    const list = index.get(parent);
    if (list) list.push(links.id(item));
    else index.set(parent, [links.id(item)]);
  }
  return index;
}

/**
 * The forest of `items`: each under its parent when that parent is among them, else at the root (a child can
 * arrive before its parent, or its parent be filtered out). Siblings keep the order of `items`, or `compare`'s.
 * Items trapped in a stored cycle never reach a root: the first of them is lifted to the root, so nothing is lost.
 */
export function buildTree<T>(items: readonly T[], links: TreeLinks<NoInfer<T>>, compare?: (a: T, b: T) => number): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>(items.map((item) => [links.id(item), { item, depth: 0, children: [] }]));
  const roots: TreeNode<T>[] = [];
  for (const item of items) {
    const id = links.id(item);
    const node = nodes.get(id)!;
    const parentId = links.parent(item);
    const parent = parentId && parentId !== id ? nodes.get(parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const reached = new Set<string>();
  const place = (root: TreeNode<T>) => {
    const stack = [{ node: root, depth: 0 }];
    while (stack.length > 0) {
      const { node, depth } = stack.pop()!;
      node.depth = depth;
      reached.add(links.id(node.item));
      for (const c of node.children) if (!reached.has(links.id(c.item))) stack.push({ node: c, depth: depth + 1 });
    }
  };
  for (const root of roots) place(root);
  for (const item of items) {
    const id = links.id(item);
    if (reached.has(id)) continue;
    const node = nodes.get(id)!;
    const parent = nodes.get(links.parent(item) ?? '');
    if (parent) parent.children = parent.children.filter((c) => c !== node);
    roots.push(node);
    place(node);
  }
  if (compare) sortTree(roots, (a, b) => compare(a.item, b.item));
  return roots;
}

function sortTree<T>(nodes: TreeNode<T>[], compare: (a: TreeNode<T>, b: TreeNode<T>) => number): void {
  nodes.sort(compare);
  for (const n of nodes) sortTree(n.children, compare);
}

/**
 * The nodes of a forest in display order: the children of the ids in `collapsed` are left out, and so is
 * `exclude` with everything under it (a folder cannot move into itself).
 */
export function flattenTree<T>(
  roots: readonly TreeNode<T>[],
  links: Pick<TreeLinks<NoInfer<T>>, 'id'>,
  options: { collapsed?: ReadonlySet<string>; exclude?: string | null } = {},
): TreeNode<T>[] {
  const out: TreeNode<T>[] = [];
  const walk = (nodes: readonly TreeNode<T>[]) => {
    for (const n of nodes) {
      const id = links.id(n.item);
      if (id === options.exclude) continue;
      out.push(n);
      if (!options.collapsed?.has(id)) walk(n.children);
    }
  };
  walk(roots);
  return out;
}

/** A tree as the API answers it: each row with its `children` nested in it (`GET /api/folders/tree`). */
export type Nested<T> = T & { children: Nested<T>[] };

/** The nodes' items with their children nested in them. */
export function nested<T>(nodes: readonly TreeNode<T>[]): Nested<T>[] {
  return nodes.map((n) => ({ ...n.item, children: nested(n.children) }));
}

/** A nested tree's rows as nodes again (each item keeps its nested children), depths counted from 0. */
export function unnest<T extends { children: readonly T[] }>(rows: readonly T[], depth = 0): TreeNode<T>[] {
  return rows.map((item) => ({ item, depth, children: unnest(item.children, depth + 1) }));
}

/** Ids of `rootId` and every row below it. */
export function subtreeIds<T>(items: readonly T[], links: TreeLinks<T>, rootId: string): Set<string> {
  const index = childrenIndex(items, links);
  const result = new Set<string>();
  const queue = [rootId];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (result.has(current)) continue;
    result.add(current);
    queue.push(...(index.get(current) ?? []));
  }
  return result;
}
