import type { MutationArgs } from '@adhd/shared/sync/registry';
import { contentHash } from '@adhd/shared/notes/logic';
import { NOTE_DEFAULT_COLOR, type NoteData } from '@adhd/shared/notes/schema';
import type { NoteItem } from '../data/queries';

/** What the note editor edits: the stored note without the conflict marker. */
export type NoteFormValues = Omit<NoteData, 'conflictOf'>;

/** A new note: markdown on, the default colour, unpinned, at the root level unless a folder is given. */
export function defaultNoteValues(folder: string | null = null): NoteFormValues {
  return { title: '', content: '', isMarkdown: true, color: NOTE_DEFAULT_COLOR, pinned: false, folder, tags: [] };
}

export function valuesFromNote(note: NoteItem): NoteFormValues {
  const { title, content, isMarkdown, color, pinned, folder, tags } = note;
  return { title, content, isMarkdown, color, pinned, folder, tags };
}

export type NoteFormError = 'titleRequired' | 'contentRequired';

/** SPEC section 5: the title is checked first, then the content; both must not be blank after trimming. */
export function validateNote(values: Pick<NoteFormValues, 'title' | 'content'>): NoteFormError | null {
  if (values.title.trim() === '') return 'titleRequired';
  if (values.content.trim() === '') return 'contentRequired';
  return null;
}

/** Whether anything differs from the values the editor opened with. */
export function isNoteDirty(initial: NoteFormValues, values: NoteFormValues): boolean {
  return (Object.keys(initial) as (keyof NoteFormValues)[]).some((k) =>
    k === 'tags' ? initial.tags.join('\u0000') !== values.tags.join('\u0000') : initial[k] !== values[k],
  );
}

/**
 * The `note.update` args for an edit: only the changed fields (SPEC: payloads strip _id and timestamps), and
 * with a changed body the hash of the body the edit started from, so a concurrent edit elsewhere is kept as a
 * conflicted copy instead of being overwritten silently. Null when nothing changed.
 */
export function planNoteUpdate(id: string, initial: NoteFormValues, values: NoteFormValues): MutationArgs<'note.update'> | null {
  const changed: Record<string, unknown> = {};
  for (const k of Object.keys(values) as (keyof NoteFormValues)[]) {
    const same = k === 'tags' ? initial.tags.join('\u0000') === values.tags.join('\u0000') : initial[k] === values[k];
    if (!same) changed[k] = values[k];
  }
  if (Object.keys(changed).length === 0) return null;
  if ('content' in changed) changed.baseHash = contentHash(initial.content);
  return { id, ...changed };
}

/** The body after appending `text` to `content`: a blank line between them unless one side is empty. */
export function appendText(content: string, text: string): string {
  const addition = text.trim();
  if (!addition) return content;
  const base = content.trimEnd(); // not /\s+$/: that rescans every run of blanks that the end does not follow
  return base ? `${base}\n\n${addition}` : addition;
}
