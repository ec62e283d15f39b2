import { useFolderIndex } from '../components/bridges';
import type { NoteFormValues } from '../logic/form';
import { NoteEditorDialog } from './note-editor-dialog';

export interface PrefilledNoteDialogProps {
  initial: Partial<NoteFormValues>;
  /** Saves the new note's values (the inbox's conversion) instead of `note.create`. */
  onSave(values: NoteFormValues): Promise<void>;
  onClose(): void;
}

/** 'New note' opened from outside the notes screen, pre-filled; the owner saves it. */
export function PrefilledNoteDialog({ initial, onSave, onClose }: PrefilledNoteDialogProps) {
  const folders = useFolderIndex();
  if (!folders) return null;
  return <NoteEditorDialog target={{ mode: 'create', folder: null }} folders={folders} initial={initial} onSave={onSave} onClose={onClose} onModeChange={() => undefined} />;
}
