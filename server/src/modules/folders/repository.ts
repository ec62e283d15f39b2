import { buildFolderTree, type Nested } from '@adhd/shared/folders/logic';
import type { Folder, FolderData, FolderNode } from '@adhd/shared/folders/schema';
import { toApi } from '../../lib/api-row.js';
import { listLive, type Db, type ReadRow } from '../sync/repository.js';

/** Reads of folders as the API answers them: each folder carries `children`, its subfolders nested. */

const toFolder = (row: ReadRow): Folder => toApi<FolderData>(row);

/** Every live folder as a node of the tree, by id, plus the roots. */
export async function folderForest(db: Db, userId: string): Promise<{ roots: FolderNode[]; byId: Map<string, FolderNode> }> {
  const roots: Nested<Folder>[] = buildFolderTree((await listLive(db, userId, 'folder')).map(toFolder));
  const byId = new Map<string, FolderNode>();
  const walk = (list: FolderNode[]) => {
    for (const n of list) {
      byId.set(n._id, n);
      walk(n.children);
    }
  };
  walk(roots);
  return { roots, byId };
}

/** The folders in tree order (parents before children, names sorted), each with its nested subfolders. */
export async function listFolders(db: Db, userId: string): Promise<FolderNode[]> {
  return [...(await folderForest(db, userId)).byId.values()];
}

export async function getFolder(db: Db, userId: string, id: string): Promise<FolderNode | null> {
  return (await folderForest(db, userId)).byId.get(id) ?? null;
}
