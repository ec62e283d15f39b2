import { z } from 'zod/mini';
import { createArgs, idArgs, withId } from '../sync/args.js';
import { defineMutator, lazyModule, MutationError } from '../sync/mutator.js';
import { boundedRecord, idSchema } from '../validation/fields.js';
import { INBOX_NOT_FOUND, liveItem } from './item.js';
import { INBOX_TARGETS, inboxCreateSchema, inboxPatchSchema, type InboxData } from './schema.js';

/** The inbox mutations (docs/inbox.md). */

export { INBOX_NOT_FOUND } from './item.js';

export const inboxCreate = defineMutator(createArgs(inboxCreateSchema), (a) => [['inbox', a.id]], async (tx, { id, ...fields }) => {
  // A taken id (a tombstone too) is refused: the Telegram bot keys items by the update id to store one once.
  if (await tx.get('inbox', id)) throw new MutationError('EXISTS', 'An inbox item with this id already exists');
  const data: InboxData = { text: fields.text, source: fields.source };
  await tx.put('inbox', id, { ...data });
});

export const inboxUpdate = defineMutator(z.object({ ...inboxPatchSchema.shape, ...withId }), (a) => [['inbox', a.id]], async (tx, { id, text }) => {
  const row = await liveItem(tx, id);
  await tx.put('inbox', id, { ...row.data, ...(text !== undefined ? { text } : {}) });
});

export const inboxDelete = defineMutator(idArgs, (a) => [['inbox', a.id]], async (tx, { id }) => {
  await liveItem(tx, id);
  await tx.remove('inbox', id);
});

/** Undo of a delete (or of a conversion's removal): the item comes back as it was; a live one is left alone. */
export const inboxRestore = defineMutator(idArgs, (a) => [['inbox', a.id]], async (tx, { id }) => {
  const row = await tx.get<InboxData>('inbox', id);
  if (!row) throw new MutationError('NOT_FOUND', INBOX_NOT_FOUND);
  if (row.deleted) await tx.put('inbox', id, { ...row.data });
});

/** Conversion and append run the target domains' mutators; that code loads on first use (convert.ts). */
const conversion = lazyModule(() => import('./convert.js'));
const preload = {
  preload: async () => {
    await (await conversion.load()).preloadTargets();
  },
};

const convertArgs = z.object({
  ...withId,
  to: z.enum(INBOX_TARGETS, 'validation.invalid'),
  targetId: idSchema,
  fields: z.optional(boundedRecord()),
});

/**
 * The item becomes a task, event, habit or note with id `targetId` (the target's own create mutator) and is
 * removed: all or nothing. Declared reads: the item, the target and, once the code is loaded (the server loads
 * it at start-up), the target mutator's own reads.
 */
export const inboxConvert = defineMutator(
  convertArgs,
  (a) => conversion.loaded?.convertReads(a) ?? [['inbox', a.id], [a.to, a.targetId]],
  async (tx, args) => (conversion.loaded ?? (await conversion.load())).convert(tx, args),
  preload,
);

/** The item's text appended to a live note (a blank line between) and the item removed, in one transaction. */
export const inboxAppend = defineMutator(
  z.object({ ...withId, noteId: idSchema }),
  (a) => [['inbox', a.id], ['note', a.noteId]],
  async (tx, args) => (conversion.loaded ?? (await conversion.load())).append(tx, args),
  preload,
);

export const inboxMutators = {
  'inbox.create': inboxCreate,
  'inbox.update': inboxUpdate,
  'inbox.delete': inboxDelete,
  'inbox.restore': inboxRestore,
  'inbox.convert': inboxConvert,
  'inbox.append': inboxAppend,
};
