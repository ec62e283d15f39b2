import { newRowId, useDbActions } from '../../../db/actions';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import type { FolderItem } from './queries';

export type FolderInput = Omit<FolderItem, '_id' | 'createdAt' | 'updatedAt'>;

export interface FolderActions {
  /** Resolves with the new folder's id. */
  create(input: FolderInput): Promise<string>;
  /** Saves the changed fields; a new parent goes through `folder.move` (a cycle is refused with CYCLE). */
  update(id: string, before: FolderInput, after: FolderInput): Promise<void>;
  /** Deletes the folder; its notes and subfolders move up to its parent. */
  remove(id: string): Promise<void>;
}

function actionsFor(need: () => AppDatabase): FolderActions {
  return {
    async create(input) {
      const id = newRowId();
      await mutate(need(), 'folder.create', { id, ...input });
      return id;
    },
    async update(id, before, after) {
      const d = need();
      const { parentFolder, ...rest } = after;
      const changed = Object.fromEntries(
        Object.entries(rest).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k as keyof FolderInput])),
      );
      await d.transaction('rw', d.writeTables, async () => {
        if (parentFolder !== before.parentFolder) await mutate(d, 'folder.move', { id, parentFolder });
        if (Object.keys(changed).length > 0) await mutate(d, 'folder.update', { id, ...changed });
      });
    },
    async remove(id) {
      await mutate(need(), 'folder.delete', { id });
    },
  };
}

/** The folder writes, bound to the signed-in user's database. */
export const useFolderActions = (): FolderActions => useDbActions(actionsFor);
