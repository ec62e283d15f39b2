import type { AppDatabase } from '../../../db/database';
import { decoders, type EntityRow } from '../../../db/entity-rows';
import { liveEntity } from '../../../db/live-entities';
import { useDb } from '../../../db/session';
import { useLive } from '../../../db/use-live';

/** A live note as the screens see it: the row as the shared note schema outputs it (`conflictOf` on a conflicted copy). */
export type NoteItem = EntityRow<'note'>;

/** A stored row as a note, decoded by the shared note schema (its defaults for fields the row lacks). */
export const toNoteItem = decoders.note;

/** The live notes of `db`. */
export const liveNotes = (db: AppDatabase) => liveEntity(db, 'note');

/** Every live note from the local database, kept current by the live table; `undefined` while loading. */
export function useNotes(): NoteItem[] | undefined {
  const db = useDb();
  return useLive(db ? liveNotes(db) : null);
}
