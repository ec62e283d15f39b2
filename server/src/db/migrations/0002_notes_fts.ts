import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Full-text search over notes with SQLite FTS5. `notes_fts` holds the title and body of every live note; its
 * rowid is the rowid of the note's row in `entities`. Triggers on `entities` keep it in step, so every write
 * path (sync push, REST, tombstone collection, account deletion) updates the index inside its own transaction
 * and nothing else has to remember to. An upsert keeps the row's rowid, so an update replaces one FTS row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL gets its own index in 0004 (postgres-notes-search.ts), which replaces this one on SQLite.
  if (isPostgres(db)) return;
  await sql`CREATE VIRTUAL TABLE notes_fts USING fts5(
    title, content, user_id UNINDEXED, note_id UNINDEXED,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);
  await sql`CREATE TRIGGER notes_fts_insert AFTER INSERT ON entities
    WHEN new.type = 'note' AND new.deleted = 0
    BEGIN
      INSERT INTO notes_fts(rowid, title, content, user_id, note_id)
      VALUES (new.rowid, json_extract(new.data, '$.title'), json_extract(new.data, '$.content'), new.user_id, new.id);
    END`.execute(db);
  await sql`CREATE TRIGGER notes_fts_update AFTER UPDATE ON entities
    WHEN old.type = 'note'
    BEGIN
      DELETE FROM notes_fts WHERE rowid = old.rowid;
      INSERT INTO notes_fts(rowid, title, content, user_id, note_id)
      SELECT new.rowid, json_extract(new.data, '$.title'), json_extract(new.data, '$.content'), new.user_id, new.id
      WHERE new.deleted = 0;
    END`.execute(db);
  await sql`CREATE TRIGGER notes_fts_delete AFTER DELETE ON entities
    WHEN old.type = 'note'
    BEGIN
      DELETE FROM notes_fts WHERE rowid = old.rowid;
    END`.execute(db);
  await sql`INSERT INTO notes_fts(rowid, title, content, user_id, note_id)
    SELECT rowid, json_extract(data, '$.title'), json_extract(data, '$.content'), user_id, id
    FROM entities WHERE type = 'note' AND deleted = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const t of ['notes_fts_insert', 'notes_fts_update', 'notes_fts_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS notes_fts`.execute(db);
}
