import { z } from 'zod/mini';
import { eventMutators } from '../events/mutators.js';
import { habitMutators } from '../habits/mutators.js';
import { noteMutators } from '../notes/mutators.js';
import type { NoteData } from '../notes/schema.js';
import { MutationError, type MutationOutcome, type MutationTx, type MutatorDef, type RowRef } from '../sync/mutator.js';
import { taskMutators } from '../tasks/mutators.js';
import { toFieldErrors } from '../validation/issues.js';
import { liveItem } from './item.js';
import type { InboxTarget } from './schema.js';
import { splitInboxText } from './text.js';

/**
 * The work of `inbox.convert` and `inbox.append` (mutators.ts), loaded on first use: the client's start-up JS
 * carries every mutator, and these run only when an item is processed. Each runs the target domain's own
 * mutator (imported from the domain, not the registry, which imports the inbox), so the target's rules and
 * field errors apply unchanged; the item is removed only after the target was written, in the same transaction.
 */

/** The create mutator each target runs. */
const TARGETS: Record<InboxTarget, MutatorDef> = {
  task: taskMutators['task.create'] as MutatorDef,
  event: eventMutators['event.create'] as MutatorDef,
  habit: habitMutators['habit.create'] as MutatorDef,
  note: noteMutators['note.create'] as MutatorDef,
};

const noteUpdate = noteMutators['note.update'] as MutatorDef;

/** The lazily loaded code of the mutators run here (none today), for the client to load before its transaction. */
export const preloadTargets = () => Promise.all([...Object.values(TARGETS), noteUpdate].map((def) => def.preload?.()));

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
  const parsed = z.safeParse(TARGETS[to].args, { ...conversionArgs(to, text, now, fields), id: targetId });
  if (!parsed.success) throw new MutationError('VALIDATION', 'Invalid fields for the converted item', toFieldErrors(parsed.error));
  return parsed.data;
}

export interface ConvertArgs {
  id: string;
  to: InboxTarget;
  targetId: string;
  fields?: Record<string, unknown>;
}

/** The item, the target and the target's own reads when its fields parse (a placeholder stands for the text). */
export function convertReads({ id, to, targetId, fields }: ConvertArgs): readonly RowRef[] {
  try {
    return [['inbox', id], ...TARGETS[to].reads(parseTarget(to, targetId, 'x', new Date(0).toISOString(), fields))];
  } catch {
    return [['inbox', id], [to, targetId]];
  }
}

export async function convert(tx: MutationTx, { id, to, targetId, fields }: ConvertArgs): Promise<MutationOutcome> {
  const item = await liveItem(tx, id);
  const args = parseTarget(to, targetId, item.data.text, tx.now, fields);
  const outcome = await TARGETS[to].run(tx, args);
  await tx.remove('inbox', id);
  return outcome ?? {};
}

/** The item's text appended to a live note's content (a blank line between), through `note.update`. */
export async function append(tx: MutationTx, { id, noteId }: { id: string; noteId: string }): Promise<void> {
  const item = await liveItem(tx, id);
  const note = await tx.get<NoteData>('note', noteId);
  if (!note || note.deleted) throw new MutationError('NOT_FOUND', 'Note not found');
  const current = note.data.content.trimEnd();
  const content = current === '' ? item.data.text : `${current}\n\n${item.data.text}`;
  const parsed = z.safeParse(noteUpdate.args, { id: noteId, content });
  if (!parsed.success) throw new MutationError('VALIDATION', 'The note would be too long', toFieldErrors(parsed.error));
  await noteUpdate.run(tx, parsed.data);
  await tx.remove('inbox', id);
}
