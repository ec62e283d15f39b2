import { defineMutator } from '../sync/mutator.js';
import { treeMutators, treeRules } from '../sync/tree.js';
import { idArgs } from '../sync/args.js';
import { folderCreateSchema, folderPatchSchema, type FolderData } from './schema.js';

/** Folders form a tree by `parentFolder` (the shared tree rules, sync/tree.ts). */
const tree = treeRules<FolderData, 'parentFolder'>('folder', 'parentFolder', { noun: 'folder', cycle: 'A folder cannot be moved into itself or one of its subfolders' });

export const { create: folderCreate, update: folderUpdate, move: folderMove } = treeMutators(tree, folderCreateSchema, folderPatchSchema);

/**
 * Delete one folder. Its notes and subfolders move up to its parent (the root level when it had none):
 * deleting a folder never deletes a note.
 */
export const folderDelete = defineMutator(idArgs, (a) => [['folder', a.id]], async (tx, { id }) => {
  const row = await tree.live(tx, id);
  const parent = await tree.resolveParent(tx, row.data.parentFolder);
  for (const note of await tx.children('note', id)) await tx.put('note', note.id, { ...note.data, folder: parent });
  for (const sub of await tx.children('folder', id)) await tx.put('folder', sub.id, { ...sub.data, parentFolder: parent });
  await tx.remove('folder', id);
});

export const folderMutators = {
  'folder.create': folderCreate,
  'folder.update': folderUpdate,
  'folder.move': folderMove,
  'folder.delete': folderDelete,
};
