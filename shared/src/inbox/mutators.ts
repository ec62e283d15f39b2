import { z } from 'zod/mini';
import { eventMutators } from '../events/mutators.js';
import { habitMutators } from '../habits/mutators.js';
import { noteMutators } from '../notes/mutators.js';
import type { NoteData } from '../notes/schema.js';
import { createArgs, idArgs, withId } from '../sync/args.js';
import { defineMutator, MutationError, type MutationTx, type MutatorDef, type RowRef } from '../sync/mutator.js';
import { taskMutators } from '../tasks/mutators.js';
import { boundedRecord, idSchema } from '../validation/fields.js';
import { toFieldErrors } from '../validation/issues.js';
import { INBOX_TARGETS, inboxCreateSchema, inboxPatchSchema, type InboxData, type InboxTarget } from './schema.js';
import { splitInboxText } from './text.js';

/**
 * The inbox mutations (docs/inbox.md). `inbox.convert` and `inbox.append` run the target domain's own
 * mutator (imported from the domain, not the registry, which imports this file), so the target's rules and
 * field errors apply unchanged; the item is removed only after the target was written, in the same transaction.
 */

export const INBOX_NOT_FOUND = 'Inbox item not found';

async function liveItem(tx: MutationTx, id: string) {
  const row = await tx.get<InboxData>('inbox', id);
  if (!row || row.deleted) throw new MutationError('NOT_FOUND', INBOX_NOT_FOUND);
  return row;
}

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

/** The create mutator each target runs, and the entity type it writes. */
const TARGETS: Record<InboxTarget, { def: MutatorDef; type: InboxTarget }> = {
  task: { def: taskMutators['task.create'] as MutatorDef, type: 'task' },
  event: { def: eventMutators['event.create'] as MutatorDef, type: 'event' },
  habit: { def: habitMutators['habit.create'] as MutatorDef, type: 'habit' },
  note: { def: noteMutators['note.create'] as MutatorDef, type: 'note' },
};

/**
 * The target's create args from the item's text (first line the title, the rest the description or the note's
 * content), the target's sensible defaults, then `fields`. An event is all-day today (`now`'s date) unless the
 * fields give a start; a note whose text is one line takes that line as its content too (a note needs a body).
 */
export function conversionArgs(to: InboxTarget, text: string, now: string, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const { title, rest } = splitInboxText(text);
  switch (to) {
    case 'task':
    case 'habit':
      return { title, description: rest, ...fields };
    case 'event':
      return { title, description: rest, startDate: now.slice(0, 10), allDay: !fields.startTime, ...fields };
    case 'note':
      return { title, content: rest || text.trim(), folder: null, ...fields };
  }
}

/** The target's args parsed by its own schema: VALIDATION naming the target's fields otherwise. */
function parseTarget(to: InboxTarget, targetId: string, text: string, now: string, fields?: Record<string, unknown>) {
  const parsed = z.safeParse(TARGETS[to].def.args, { ...conversionArgs(to, text, now, fields), id: targetId });
  if (!parsed.success) throw new MutationError('VALIDATION', 'Invalid fields for the converted item', toFieldErrors(parsed.error));
  return parsed.data;
}

/** The target's own reads, when its fields parse (a placeholder text stands for the item's, unknown yet). */
function targetReads(to: InboxTarget, targetId: string, fields?: Record<string, unknown>): readonly RowRef[] {
  try {
    return TARGETS[to].def.reads(parseTarget(to, targetId, 'x', new Date(0).toISOString(), fields));
  } catch {
    return [[to, targetId]];
  }
}

const convertArgs = z.object({
  ...withId,
  to: z.enum(INBOX_TARGETS, 'validation.invalid'),
  targetId: idSchema,
  fields: z.optional(boundedRecord()),
});

/** The item becomes a task, event, habit or note with id `targetId`; the item is removed. All or nothing. */
export const inboxConvert = defineMutator(
  convertArgs,
  (a) => [['inbox', a.id], ...targetReads(a.to, a.targetId, a.fields)],
  async (tx, { id, to, targetId, fields }) => {
    const item = await liveItem(tx, id);
    const args = parseTarget(to, targetId, item.data.text, tx.now, fields);
    const outcome = await TARGETS[to].def.run(tx, args);
    await tx.remove('inbox', id);
    return outcome ?? {};
  },
);

const noteUpdate = noteMutators['note.update'] as MutatorDef;

/** The item's text appended to a live note's content (a blank line between); the item is removed. */
export const inboxAppend = defineMutator(
  z.object({ ...withId, noteId: idSchema }),
  (a) => [['inbox', a.id], ['note', a.noteId]],
  async (tx, { id, noteId }) => {
    const item = await liveItem(tx, id);
    const note = await tx.get<NoteData>('note', noteId);
    if (!note || note.deleted) throw new MutationError('NOT_FOUND', 'Note not found');
    const content = note.data.content.trimEnd() === '' ? item.data.text : `${note.data.content.trimEnd()}\n\n${item.data.text}`;
    const parsed = z.safeParse(noteUpdate.args, { id: noteId, content });
    if (!parsed.success) throw new MutationError('VALIDATION', 'The note would be too long', toFieldErrors(parsed.error));
    await noteUpdate.run(tx, parsed.data);
    await tx.remove('inbox', id);
  },
);

export const inboxMutators = {
  'inbox.create': inboxCreate,
  'inbox.update': inboxUpdate,
  'inbox.delete': inboxDelete,
  'inbox.restore': inboxRestore,
  'inbox.convert': inboxConvert,
  'inbox.append': inboxAppend,
};
