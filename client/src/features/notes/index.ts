/**
 * The notes feature's public surface for static imports (docs/architecture.md, "Rooms and public surfaces"):
 * the note editor pre-filled and the 'Append to note' picker, which the inbox uses to turn an item into a note
 * or add it to one. Its route screen loads on demand through `./screens`.
 */
export { PrefilledNoteDialog, type PrefilledNoteDialogProps } from './dialogs/prefilled-note-dialog';
export { AppendToNoteDialog, type AppendToNoteDialogProps } from './dialogs/append-to-note-dialog';
export type { NoteFormValues } from './logic/form';
// The dashboard's pinned notes: the live notes and the card's plain-text excerpt.
export { useNotes, type NoteItem } from './data/queries';
export { excerpt as noteExcerpt } from './logic/excerpt';
