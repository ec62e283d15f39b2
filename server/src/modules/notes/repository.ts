import { sql } from 'kysely';
import type { Note, NoteData } from '@adhd/shared/notes/schema';
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

/**
 * An FTS5 query from free text: each word becomes a quoted prefix term (`"word"*`), all of them required.
 * Quoting makes FTS5 operators and punctuation in the user's text plain characters. Null when no word remains.
 */
export function ftsQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}_]+/gu)?.slice(0, 20) ?? [];
  return words.length ? words.map((w) => `"${w}"*`).join(' ') : null;
}

/**
 * The user's live notes whose title or body match `text`, best match first. The FTS row is tied to its note by
 * the note's id (through `fts_note_ids`), never by SQLite's implicit rowid, which a dump and restore changes.
 */
export async function searchNotes(db: Db, userId: string, text: string, limit = 100): Promise<Note[]> {
  const match = ftsQuery(text);
  if (!match) return [];
  const { rows } = await sql<ReadRow>`
    SELECT e.type, e.id, e.data, e.parent_id, e.version, e.deleted, e.created_at, e.updated_at
    FROM notes_fts f
    JOIN fts_note_ids m ON m.fts_rowid = f.rowid
    JOIN entities e ON e.user_id = m.user_id AND e.type = 'note' AND e.id = m.note_id
    WHERE notes_fts MATCH ${match} AND m.user_id = ${userId} AND e.deleted = 0
    ORDER BY bm25(notes_fts, 10.0, 1.0) LIMIT ${limit}`.execute(db);
  return rows.map(toNote);
}
