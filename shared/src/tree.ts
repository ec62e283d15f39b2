/**
 * Pure helpers for rows that form a tree by a parent link (tasks by `parent`, folders by `parentFolder`),
 * shared by the server's read routes and the client's tree views. The mutation-side rules (cycles, re-parenting
 * to the root, subtree deletes) are in sync/tree.ts.
 */

/** How to read a row's id and its parent link. */
export interface TreeLinks<T> {
  id(item: T): string;
  parent(item: T): string | null;
}

export type TreeNode<T> = T & { children: TreeNode<T>[] };

/** Children ids of every row, by parent id, in the rows' order. */
export function childrenIndex<T>(items: Iterable<T>, links: TreeLinks<T>): Map<string, string[]> {
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
 * Nest rows under their parents, sorted by `compare` at every level. A row whose parent is missing sits at the
 * root (a child can arrive before its parent); a stored cycle is broken at the root so nothing is lost.
 */
export function buildTree<T>(items: readonly T[], links: TreeLinks<T>, compare: (a: T, b: T) => number): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>(items.map((item) => [links.id(item), { ...item, children: [] }]));
  const roots: TreeNode<T>[] = [];
  const reachesRoot = (id: string) => {
    const seen = new Set<string>();
    let cursor: string | null = id;
    while (cursor && nodes.has(cursor)) {
      if (seen.has(cursor)) return false;
      seen.add(cursor);
      cursor = links.parent(nodes.get(cursor)!);
    }
    return true;
  };
  for (const node of nodes.values()) {
    const parentId = links.parent(node);
    const parent = parentId ? nodes.get(parentId) : undefined;
    if (parent && reachesRoot(links.id(node))) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: TreeNode<T>[]) => {
    list.sort(compare);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** The tree as an indented list (depth 0 at the root), leaving out the node `exclude` and everything under it. */
export function flattenTree<T>(tree: readonly TreeNode<T>[], id: (item: T) => string, exclude?: string | null): { node: TreeNode<T>; depth: number }[] {
  const out: { node: TreeNode<T>; depth: number }[] = [];
  const walk = (list: readonly TreeNode<T>[], depth: number) => {
    for (const node of list) {
      if (id(node) === exclude) continue;
      out.push({ node, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
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
