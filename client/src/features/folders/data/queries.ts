import { buildFolderTree, type TreeNode } from '@adhd/shared/folders/logic';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { LocalRow } from '../../../db/database';
import { useDb } from '../../../db/session';

/** A live folder as the screens see it. */
export interface FolderItem {
  _id: string;
  name: string;
  icon: string | null;
  color: string | null;
  parentFolder: string | null;
  tags: string[];
}

export type FolderNode = TreeNode<FolderItem>;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function toFolderItem(row: LocalRow): FolderItem {
  const d = row.data;
  return {
    _id: row.id,
    name: typeof d.name === 'string' ? d.name : '',
    icon: str(d.icon),
    color: str(d.color),
    parentFolder: str(d.parentFolder),
    tags: Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === 'string') : [],
  };
}

/** Every live folder; `undefined` while the local database is being read. */
export function useFolders(): FolderItem[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => (db ? (await db.folders.where('deleted').equals(0).toArray()).map(toFolderItem) : undefined), [db]);
}

export interface FolderIndex {
  folders: FolderItem[];
  tree: FolderNode[];
  byId: Map<string, FolderItem>;
}

/** The folders nested (SPEC: nested to any depth) and by id. */
export function useFolderIndex(): FolderIndex | undefined {
  const folders = useFolders();
  return useMemo(
    () => (folders ? { folders, tree: buildFolderTree(folders), byId: new Map(folders.map((f) => [f._id, f])) } : undefined),
    [folders],
  );
}
