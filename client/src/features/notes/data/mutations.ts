import { contentHash } from '@adhd/shared/notes/logic';
import { newRowId, useDbActions } from '../../../db/actions';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { appendText, planNoteUpdate, type NoteFormValues } from '../logic/form';
import { toNoteItem } from './queries';

export interface NoteActions {
  /** Resolves with the new note's id. */
  create(values: NoteFormValues): Promise<string>;
  /** Saves what changed between `initial` and `values`. */
  save(id: string, initial: NoteFormValues, values: NoteFormValues): Promise<void>;
  /** The pin toggle: sends only `pinned` (SPEC section 4). */
  setPinned(id: string, pinned: boolean): Promise<void>;
  remove(id: string): Promise<void>;
  /** Add `text` at the end of an existing note's body ('append to note'). */
  append(id: string, text: string): Promise<void>;
}

function actionsFor(need: () => AppDatabase): NoteActions {
  return {
    async create(values) {
      const id = newRowId();
      await mutate(need(), 'note.create', { id, ...values, title: values.title.trim() });
      return id;
    },
    async save(id, initial, values) {
      const args = planNoteUpdate(id, initial, { ...values, title: values.title.trim() });
      if (args) await mutate(need(), 'note.update', args);
    },
    async setPinned(id, pinned) {
      await mutate(need(), 'note.update', { id, pinned });
    },
    async remove(id) {
      await mutate(need(), 'note.delete', { id });
    },
    async append(id, text) {
      const d = need();
      const row = await d.notes.get(id);
      if (!row || row.deleted) throw new Error('Note not found');
      const current = toNoteItem(row)?.content ?? '';
      await mutate(d, 'note.update', { id, content: appendText(current, text), baseHash: contentHash(current) });
    },
  };
}

/** The note writes, bound to the signed-in user's database. */
export const useNoteActions = (): NoteActions => useDbActions(actionsFor);
