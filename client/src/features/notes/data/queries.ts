import { NOTE_DEFAULT_COLOR } from '@adhd/shared/notes/schema';
import { useLiveQuery } from 'dexie-react-hooks';
import type { LocalRow } from '../../../db/database';
import { useDb } from '../../../db/session';

/** A live note as the screens see it. */
export interface NoteItem {
  _id: string;
  title: string;
  content: string;
  isMarkdown: boolean;
  color: string;
  pinned: boolean;
  folder: string | null;
  tags: string[];
  /** Set on a conflicted copy: the note whose other text this one keeps. */
  conflictOf: string | null;
  createdAt: string;
  updatedAt: string;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A stored row as a note; fields an older or newer client left out get the spec's defaults. */
export function toNoteItem(row: LocalRow): NoteItem {
  const d = row.data;
  return {
    _id: row.id,
    title: typeof d.title === 'string' ? d.title : '',
    content: typeof d.content === 'string' ? d.content : '',
    isMarkdown: d.isMarkdown !== false,
    color: str(d.color) ?? NOTE_DEFAULT_COLOR,
    pinned: d.pinned === true,
    folder: str(d.folder),
    tags: Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === 'string' && t !== '') : [],
    conflictOf: str(d.conflictOf),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Every live note from the local database, kept current by a live query; `undefined` while loading. */
export function useNotes(): NoteItem[] | undefined {
  const db = useDb();
  return useLiveQuery(async () => (db ? (await db.notes.where('deleted').equals(0).toArray()).map(toNoteItem) : undefined), [db]);
}
