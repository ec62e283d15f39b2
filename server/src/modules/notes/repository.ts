import type { Note, NoteData } from '@adhd/shared/notes/schema';
import { drainSearchIndex } from '../../db/search-index.js';
import { dialectOf } from '../../db/dialect.js';
import { apiJson, toApi } from '../../lib/api-row.js';
import { findEntity, liveIdsNewestFirst, liveRowsInBatches, type Db, type ReadRow } from '../sync/repository.js';

/** Reads of notes as the API answers them, and the FTS5 search (index kept by triggers, migrations 0002 and 0004). */

const toNote = (row: ReadRow): Note => toApi<NoteData>(row);

/** Which notes a list keeps: those of one folder (`null`: the root level), pinned ones, or all. */
export interface NoteFilter {
  folder?: string | null;
  pinned?: true;
}

/**
 * The JSON of the user's live notes that pass `filter`, last updated first (SPEC section 4: sorted by
 * updatedAt, newest first), read about a megabyte at a time as the answer streams: notes can be large, so
 * their stored JSON is spliced into the answer rather than parsed and serialized again.
 */
export async function* noteJsons(db: Db, userId: string, filter: NoteFilter = {}): AsyncIterable<string> {
  const items = await liveIdsNewestFirst(db, userId, 'note');
  for await (const row of liveRowsInBatches(db, userId, 'note', items)) {
    if (filter.folder !== undefined && row.parent_id !== filter.folder) continue;
    if (filter.pinned && (JSON.parse(row.data) as NoteData).pinned !== true) continue;
    yield apiJson(row);
  }
}

export async function getNote(db: Db, userId: string, id: string): Promise<Note | null> {
  const row = await findEntity(db, userId, 'note', id);
  return row && !row.deleted ? toNote(row) : null;
}

/** The words of a search (letters and digits; up to 20), each a prefix term of the query; none: no search. */
export function searchWords(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 20) ?? [];
}

/**
 * The user's live notes whose title or body match `text` (every word, as a prefix), best match first: FTS5 on
 * SQLite, a `tsvector` index on PostgreSQL (db/dialect.ts). The index is tied to each note by its id, never by
 * SQLite's implicit rowid, which a dump and restore changes.
 */
export async function searchNotes(db: Db, userId: string, text: string, limit = 100): Promise<Note[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  // SQLite indexes after the writes (ADR 0007): what is queued is indexed first, so every committed write is found.
  await drainSearchIndex(db);
  const { rows } = await dialectOf(db).searchNotes(userId, words, limit).execute(db);
  return (rows as ReadRow[]).map(toNote);
}
