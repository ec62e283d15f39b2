import { buildTree, flattenTree, nested, subtreeIds, unnest, type Nested, type TreeLinks, type TreeNode } from '../tree.js';

/** Folder-tree helpers on the app's one tree helper (tree.ts), for the server's tree route and the client. */

export interface FolderLike {
  _id: string;
  name: string;
  parentFolder: string | null;
}

export type { Nested } from '../tree.js';

/** A folder's links in the tree. */
export const folderLinks: TreeLinks<Pick<FolderLike, '_id' | 'parentFolder'>> = { id: (f) => f._id, parent: (f) => f.parentFolder };

/** Folders are listed by name at every level (then by id, so the order is stable). */
export const byFolderName = (a: FolderLike, b: FolderLike) => a.name.localeCompare(b.name) || (a._id < b._id ? -1 : 1);

/**
 * The folder forest, sorted by name at every level. A folder whose parent is missing sits at the root (a child can
 * arrive before its parent); a stored cycle is broken at the root so nothing is lost.
 */
export function folderForest<T extends FolderLike>(folders: readonly T[]): TreeNode<T>[] {
  return buildTree<T>(folders, folderLinks, byFolderName);
}

/** The forest as the API answers it: each folder with its subfolders nested in `children`. */
export function buildFolderTree<T extends FolderLike>(folders: readonly T[]): Nested<T>[] {
  return nested(folderForest(folders));
}

/** A nested tree as an indented list (depth 0 at the root), leaving out `exclude` and everything under it. */
export function flattenFolderTree<T extends FolderLike>(tree: readonly Nested<T>[], exclude?: string | null): { folder: Nested<T>; depth: number }[] {
  return flattenTree(unnest(tree), folderLinks, { exclude }).map(({ item, depth }) => ({ folder: item, depth }));
}

/** Ids of `id` and every folder below it. */
export function folderSubtreeIds<T extends FolderLike>(folders: readonly T[], id: string): Set<string> {
  return subtreeIds<T>(folders, folderLinks, id);
}
