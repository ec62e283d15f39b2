import { z } from 'zod/mini';
import { createArgs, idArgs, withId } from '../sync/args.js';
import { defineMutator, definedFields, MutationError, type MutationTx } from '../sync/mutator.js';
import { liveOrNull } from '../sync/tree.js';
import { idSchema } from '../validation/fields.js';
import { conflictCopyId, contentHash } from './logic.js';
import { noteCreateSchema, notePatchSchema, type NoteData } from './schema.js';


async function liveNote(tx: MutationTx, id: string) {
  const row = await tx.get<NoteData>('note', id);
  if (!row || row.deleted) throw new MutationError('NOT_FOUND', 'Note not found');
  return row;
}

/** A folder that exists and is live, else null: the note lands at the root level (design/sync.md §6). */
const resolveFolder = (tx: MutationTx, folder: string | null) => liveOrNull(tx, 'folder', folder);

/**
 * A new note. `conflictOf` (optional) makes it the conflicted copy of that note: REST uses it to keep a
 * caller's body that lost to a newer one (`PUT /api/notes/{id}` with a base version, docs/sync.md).
 */
const noteCreateArgs = z.extend(createArgs(noteCreateSchema), { conflictOf: z.optional(idSchema) });

export const noteCreate = defineMutator(noteCreateArgs, (a) => [['note', a.id], ['folder', a.folder]], async (tx, { id, conflictOf, ...fields }) => {
  if (await tx.get('note', id)) throw new MutationError('EXISTS', 'A note with this id already exists');
  const folder = await resolveFolder(tx, fields.folder);
  const data: NoteData = { ...fields, folder, ...(conflictOf ? { conflictOf } : {}) };
  await tx.put('note', id, { ...data });
  return { reparented: folder !== fields.folder };
});

/** The fields that hold the user's words: an edit of either must not vanish with a deleted note. */
const TEXT_FIELDS = ['title', 'content'] as const;

const noteUpdateArgs = z.extend(notePatchSchema, {
  ...withId,
  baseHash: z.optional(z.string().check(z.maxLength(20, 'validation.maxLength'))),
});

/**
 * A partial update. `baseHash` is the `contentHash` of the body the edit started from (the editor sends it
 * with every content change). When the stored body differs from that base, another device changed it in the
 * meantime: the new body wins (last arrival, design/sync.md §6) and the stored one is kept as a conflicted
 * copy, a new note with `conflictOf` set, so neither text is silently lost. The copy's id is derived from
 * both texts, so the client's rebase and the server create the same copy once.
 *
 * A deleted note is restored by an edit that changes its title or body (made offline while another device
 * deleted it): the note comes back with the edit applied, at the root if its folder is gone, and no copy is
 * made of the text that was deleted. Edits of other fields of a deleted note (pin, colour, folder, tags) are
 * refused `NOT_FOUND`: delete wins where no words would be lost.
 */
export const noteUpdate = defineMutator(noteUpdateArgs, (a) => [['note', a.id], ['folder', a.folder]], async (tx, { id, baseHash, ...patch }) => {
  const row = await tx.get<NoteData>('note', id);
  const changes: Partial<NoteData> = definedFields(patch);
  const restores = !!row?.deleted && TEXT_FIELDS.some((k) => changes[k] !== undefined && changes[k] !== row.data[k]);
  if (!row || (row.deleted && !restores)) throw new MutationError('NOT_FOUND', 'Note not found');
  const folder = changes.folder !== undefined ? changes.folder : restores ? row.data.folder : undefined;
  if (folder !== undefined) changes.folder = await resolveFolder(tx, folder);
  const stored = row.data.content;
  const incoming = changes.content;
  if (!restores && incoming !== undefined && baseHash !== undefined && incoming !== stored && contentHash(stored) !== baseHash) {
    const copyId = conflictCopyId(id, stored, incoming);
    if (!(await tx.get('note', copyId))) {
      const copy: NoteData = { ...row.data, pinned: false, conflictOf: id };
      await tx.put('note', copyId, { ...copy });
    }
  }
  await tx.put('note', id, { ...row.data, ...changes });
  return { reparented: folder !== undefined && changes.folder !== folder };
});

export const noteDelete = defineMutator(idArgs, (a) => [['note', a.id]], async (tx, { id }) => {
  await liveNote(tx, id);
  await tx.remove('note', id);
});

export const noteMutators = {
  'note.create': noteCreate,
  'note.update': noteUpdate,
  'note.delete': noteDelete,
};
