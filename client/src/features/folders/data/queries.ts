import { folderForest, folderLinks } from '@adhd/shared/folders/logic';
import { flattenTree, type TreeNode } from '@adhd/shared/tree';
import { useMemo } from 'react';
import type { AppDatabase } from '../../../db/database';
import { decoders, type EntityRow } from '../../../db/entity-rows';
import { liveEntity } from '../../../db/live-entities';
import { useDb } from '../../../db/session';
import { useLive } from '../../../db/use-live';

/** A live folder as the screens see it: the row as the shared folder schema outputs it. */
export type FolderItem = EntityRow<'folder'>;

export type FolderNode = TreeNode<FolderItem>;

/** A stored row as a folder, decoded by the shared folder schema. */
export const toFolderItem = decoders.folder;

/** The live folders of `db`. */
export const liveFolders = (db: AppDatabase) => liveEntity(db, 'folder');

/** Every live folder; `undefined` while the local database is being read. */
export function useFolders(): FolderItem[] | undefined {
  const db = useDb();
  return useLive(db ? liveFolders(db) : null);
}

/** The folders nested under their parents (SPEC: to any depth), sorted by name at every level. */
export const folderTree = (folders: readonly FolderItem[]): FolderNode[] => folderForest(folders);

/** The tree as an indented list (depth 0 at the root), leaving out `exclude` and everything under it. */
export function flattenFolders(tree: readonly FolderNode[], exclude?: string | null): FolderNode[] {
  return flattenTree(tree, folderLinks, { exclude });
}

export interface FolderIndex {
  folders: FolderItem[];
  tree: FolderNode[];
  byId: Map<string, FolderItem>;
}

/** The folders nested (SPEC: nested to any depth) and by id. */
export function useFolderIndex(): FolderIndex | undefined {
  const folders = useFolders();
  return useMemo(() => (folders ? { folders, tree: folderTree(folders), byId: new Map(folders.map((f) => [f._id, f])) } : undefined), [folders]);
}
