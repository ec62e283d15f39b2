import { sql } from 'kysely';
import type { Note, NoteData } from '@adhd/shared/notes/schema';
import { findEntity, liveIdsNewestFirst, liveRowsInBatches, type Db, type ReadRow } from '../sync/repository.js';

/** Reads of notes as the API answers them, and the FTS5 search (index kept by triggers, migration 0002). */

function toNote(row: ReadRow): Note {
  const data = JSON.parse(row.data) as NoteData;
  return { _id: row.id, ...data, createdAt: row.created_at, updatedAt: row.updated_at, version: Number(row.version) };
}

/**
 * The JSON of the user's live notes that `keep` accepts, last updated first (SPEC section 4: sorted by
 * updatedAt, newest first), read a few at a time as the answer streams: notes can be large.
 */
export async function* noteJsons(db: Db, userId: string, keep: (note: Note) => boolean = () => true): AsyncIterable<string> {
  const ids = await liveIdsNewestFirst(db, userId, 'note');
  for await (const row of liveRowsInBatches(db, userId, 'note', ids)) {
    const note = toNote(row);
    if (keep(note)) yield JSON.stringify(note);
  }
}

export async function getNote(db: Db, userId: string, id: string): Promise<Note | null> {
  const row = await findEntity(db, userId, 'note', id);
  return row && !row.deleted ? toNote(row) : null;
}

/**
 * An FTS5 query from free text: each word becomes a quoted prefix term (`"word"*`), all of them required.
 * Quoting makes FTS5 operators and punctuation in the user's text plain characters. Null when no word remains.
 */
export function ftsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}_]+/gu)?.slice(0, 20) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : null;
}

/** The user's live notes whose title or body match `text`, best match first. */
export async function searchNotes(db: Db, userId: string, text: string, limit = 100): Promise<Note[]> {
  const match = ftsQuery(text);
  if (!match) return [];
  const { rows } = await sql<ReadRow>`
    SELECT e.type, e.id, e.data, e.parent_id, e.version, e.deleted, e.created_at, e.updated_at
    FROM notes_fts f JOIN entities e ON e.rowid = f.rowid
    WHERE notes_fts MATCH ${match} AND f.user_id = ${userId} AND e.user_id = ${userId} AND e.deleted = 0
    ORDER BY bm25(notes_fts, 10.0, 1.0) LIMIT ${limit}`.execute(db);
  return rows.map(toNote);
}
