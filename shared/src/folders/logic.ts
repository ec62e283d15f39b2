/** Pure folder-tree helpers shared by the server's tree route and the client's folder selector. */

export interface FolderLike {
  _id: string;
  name: string;
  parentFolder: string | null;
}

export type TreeNode<T extends FolderLike> = T & { children: TreeNode<T>[] };

const byName = <T extends FolderLike>(a: T, b: T) => a.name.localeCompare(b.name) || (a._id < b._id ? -1 : 1);

/**
 * Nest folders under their parents, sorted by name at every level. A folder whose parent is missing sits at
 * the root (a child can arrive before its parent); a stored cycle is broken at the root so nothing is lost.
 */
export function buildFolderTree<T extends FolderLike>(folders: readonly T[]): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>(folders.map((f) => [f._id, { ...f, children: [] }]));
  const roots: TreeNode<T>[] = [];
  const reachesRoot = (id: string) => {
    const seen = new Set<string>();
    let cursor: string | null = id;
    while (cursor && nodes.has(cursor)) {
      if (seen.has(cursor)) return false;
      seen.add(cursor);
      cursor = nodes.get(cursor)!.parentFolder;
    }
    return true;
  };
  for (const node of nodes.values()) {
    const parent = node.parentFolder ? nodes.get(node.parentFolder) : undefined;
    if (parent && reachesRoot(node._id)) parent.children.push(node);
    else roots.push(node);
  }
  const sort = (list: TreeNode<T>[]) => {
    list.sort(byName);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** The tree as an indented list (depth 0 at the root), leaving out `exclude` and everything under it. */
export function flattenFolderTree<T extends FolderLike>(
  tree: readonly TreeNode<T>[],
  exclude?: string | null,
): { folder: TreeNode<T>; depth: number }[] {
  const out: { folder: TreeNode<T>; depth: number }[] = [];
  const walk = (list: readonly TreeNode<T>[], depth: number) => {
    for (const node of list) {
      if (node._id === exclude) continue;
      out.push({ folder: node, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

/** Ids of `id` and every folder below it. */
export function folderSubtreeIds<T extends FolderLike>(folders: readonly T[], id: string): Set<string> {
  const result = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const f of folders) {
      if (f.parentFolder && result.has(f.parentFolder) && !result.has(f._id)) {
        result.add(f._id);
        grew = true;
      }
    }
  }
  return result;
}
