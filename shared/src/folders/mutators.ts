import { z } from 'zod/mini';
import { defineMutator, MutationError, type MutationTx } from '../sync/mutator.js';
import { idSchema } from '../validation/fields.js';
import { folderCreateSchema, folderPatchSchema, type FolderData } from './schema.js';

const withId = { id: idSchema };

async function liveFolder(tx: MutationTx, id: string) {
  const row = await tx.get<FolderData>('folder', id);
  if (!row || row.deleted) throw new MutationError('NOT_FOUND', 'Folder not found');
  return row;
}

/** Whether `candidate` is `id` itself or one of its descendants (walking up from candidate). */
async function wouldCycle(tx: MutationTx, id: string, candidate: string): Promise<boolean> {
  const seen = new Set<string>();
  let cursor: string | null = candidate;
  while (cursor) {
    if (cursor === id || seen.has(cursor)) return true;
    seen.add(cursor);
    const row: Awaited<ReturnType<typeof tx.get<FolderData>>> = await tx.get<FolderData>('folder', cursor);
    cursor = row && !row.deleted ? row.data.parentFolder : null;
  }
  return false;
}

/** A parent folder that exists and is live, else null (the folder lands at the root: design/sync.md §6). */
async function resolveParent(tx: MutationTx, parent: string | null): Promise<string | null> {
  if (!parent) return null;
  const row = await tx.get('folder', parent);
  return row && !row.deleted ? parent : null;
}

export const folderCreate = defineMutator({
  args: z.extend(z.omit(folderCreateSchema, { _id: true }), withId),
  reads: (a) => [['folder', a.id], ['folder', a.parentFolder]],
  run: async (tx, { id, ...fields }) => {
    if (await tx.get('folder', id)) throw new MutationError('EXISTS', 'A folder with this id already exists');
    const requested = fields.parentFolder === id ? null : fields.parentFolder;
    const parentFolder = await resolveParent(tx, requested);
    await tx.put('folder', id, { ...fields, parentFolder } satisfies FolderData);
    return { reparented: requested !== parentFolder };
  },
});

export const folderUpdate = defineMutator({
  args: z.extend(z.omit(folderPatchSchema, { parentFolder: true }), withId),
  reads: (a) => [['folder', a.id]],
  run: async (tx, { id, ...patch }) => {
    const row = await liveFolder(tx, id);
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    await tx.put('folder', id, { ...row.data, ...changes });
  },
});

export const folderMove = defineMutator({
  args: z.object({ ...withId, parentFolder: folderPatchSchema.shape.parentFolder.def.innerType }),
  reads: (a) => [['folder', a.id], ['folder', a.parentFolder]],
  run: async (tx, { id, parentFolder: requested }) => {
    const row = await liveFolder(tx, id);
    if (requested && (await wouldCycle(tx, id, requested))) {
      const message = 'A folder cannot be moved into itself or one of its subfolders';
      // Every 400 names its bad fields with a message (CONTRACT.md), like the validation answers.
      throw new MutationError('CYCLE', message, [{ field: 'parentFolder', key: 'validation.invalid', message }]);
    }
    const parentFolder = await resolveParent(tx, requested);
    await tx.put('folder', id, { ...row.data, parentFolder });
    return { reparented: requested !== parentFolder };
  },
});

/**
 * Delete one folder. Its notes and subfolders move up to its parent (the root level when it had none):
 * deleting a folder never deletes a note.
 */
export const folderDelete = defineMutator({
  args: z.object(withId),
  reads: (a) => [['folder', a.id]],
  run: async (tx, { id }) => {
    const row = await liveFolder(tx, id);
    const parent = await resolveParent(tx, row.data.parentFolder);
    for (const note of await tx.children('note', id)) await tx.put('note', note.id, { ...note.data, folder: parent });
    for (const sub of await tx.children('folder', id)) await tx.put('folder', sub.id, { ...sub.data, parentFolder: parent });
    await tx.remove('folder', id);
  },
});

export const folderMutators = {
  'folder.create': folderCreate,
  'folder.update': folderUpdate,
  'folder.move': folderMove,
  'folder.delete': folderDelete,
};
