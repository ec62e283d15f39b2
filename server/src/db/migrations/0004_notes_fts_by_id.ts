import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';
import { createPostgresNotesSearch, dropPostgresNotesSearch } from './postgres-notes-search.js';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * The notes full-text index keyed by the note's id instead of the implicit rowid of its `entities` row.
 *
 * Migration 0002 gave each FTS row the rowid of the note's `entities` row. That rowid is not part of the data:
 * a `.dump` (or any copy that re-inserts the rows) gives the notes new rowids while the FTS shadow tables keep
 * the old ones, so search hits pointed at other notes and later edits deleted other notes' index rows.
 *
 * Now `fts_note_ids` gives every note (user_id, note_id) an explicit INTEGER PRIMARY KEY that a dump keeps,
 * and the FTS row uses that key as its rowid. Search joins FTS → map → `entities` by (user_id, 'note', id), the
 * table's primary key. The triggers keep both in step inside the writing transaction, as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return createPostgresNotesSearch(db);
  for (const t of ['notes_fts_insert', 'notes_fts_update', 'notes_fts_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS notes_fts`.execute(db);

  await sql`CREATE TABLE fts_note_ids (
    fts_rowid INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL,
    note_id TEXT NOT NULL,
    UNIQUE (user_id, note_id)
  )`.execute(db);
  await sql`CREATE VIRTUAL TABLE notes_fts USING fts5(
    title, content,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);

  // Every note row, live or tombstone, has a map row; only live notes have an FTS row. No `INSERT OR IGNORE`
  // here: inside a trigger the outer statement's conflict policy wins, and an upsert's would make it fail.
  const addId = `INSERT INTO fts_note_ids(user_id, note_id) SELECT new.user_id, new.id
      WHERE NOT EXISTS (SELECT 1 FROM fts_note_ids WHERE user_id = new.user_id AND note_id = new.id);`;
  const unindex = (row: 'new' | 'old') => `DELETE FROM notes_fts
      WHERE rowid = (SELECT fts_rowid FROM fts_note_ids WHERE user_id = ${row}.user_id AND note_id = ${row}.id);`;
  const indexIfLive = `INSERT INTO notes_fts(rowid, title, content)
      SELECT fts_rowid, json_extract(new.data, '$.title'), json_extract(new.data, '$.content')
      FROM fts_note_ids WHERE user_id = new.user_id AND note_id = new.id AND new.deleted = 0;`;
  await sql`CREATE TRIGGER notes_fts_insert AFTER INSERT ON entities WHEN new.type = 'note'
    BEGIN ${sql.raw(addId)} ${sql.raw(unindex('new'))} ${sql.raw(indexIfLive)} END`.execute(db);
  await sql`CREATE TRIGGER notes_fts_update AFTER UPDATE ON entities WHEN old.type = 'note'
    BEGIN ${sql.raw(unindex('old'))} ${sql.raw(addId)} ${sql.raw(indexIfLive)} END`.execute(db);
  await sql`CREATE TRIGGER notes_fts_delete AFTER DELETE ON entities WHEN old.type = 'note'
    BEGIN ${sql.raw(unindex('old'))} DELETE FROM fts_note_ids WHERE user_id = old.user_id AND note_id = old.id; END`.execute(db);

  await sql`INSERT INTO fts_note_ids(user_id, note_id) SELECT user_id, id FROM entities WHERE type = 'note'`.execute(db);
  await sql`INSERT INTO notes_fts(rowid, title, content)
    SELECT m.fts_rowid, json_extract(e.data, '$.title'), json_extract(e.data, '$.content')
    FROM fts_note_ids m JOIN entities e ON e.user_id = m.user_id AND e.type = 'note' AND e.id = m.note_id
    WHERE e.deleted = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return dropPostgresNotesSearch(db);
  for (const t of ['notes_fts_insert', 'notes_fts_update', 'notes_fts_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS notes_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS fts_note_ids`.execute(db);
}
