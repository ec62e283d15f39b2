import { buildTree, flattenTree, subtreeIds, type TreeLinks, type TreeNode } from '../tree.js';

/** Pure folder-tree helpers shared by the server's tree route and the client's folder selector (see tree.ts). */

export interface FolderLike {
  _id: string;
  name: string;
  parentFolder: string | null;
}

export type { TreeNode } from '../tree.js';

const folderLinks: TreeLinks<FolderLike> = { id: (f) => f._id, parent: (f) => f.parentFolder };

const byName = (a: FolderLike, b: FolderLike) => a.name.localeCompare(b.name) || (a._id < b._id ? -1 : 1);

/**
 * Nest folders under their parents, sorted by name at every level. A folder whose parent is missing sits at
 * the root (a child can arrive before its parent); a stored cycle is broken at the root so nothing is lost.
 */
export function buildFolderTree<T extends FolderLike>(folders: readonly T[]): TreeNode<T>[] {
  return buildTree<T>(folders, folderLinks, byName);
}

/** The tree as an indented list (depth 0 at the root), leaving out `exclude` and everything under it. */
export function flattenFolderTree<T extends FolderLike>(
  tree: readonly TreeNode<T>[],
  exclude?: string | null,
): { folder: TreeNode<T>; depth: number }[] {
  return flattenTree(tree, folderLinks.id, exclude).map(({ node, depth }) => ({ folder: node, depth }));
}

/** Ids of `id` and every folder below it. */
export function folderSubtreeIds<T extends FolderLike>(folders: readonly T[], id: string): Set<string> {
  return subtreeIds<T>(folders, folderLinks, id);
}
