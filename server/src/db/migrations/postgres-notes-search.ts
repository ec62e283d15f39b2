import { sql, type Kysely } from 'kysely';

/**
 * The notes full-text index on PostgreSQL (migration 0004 builds it; SQLite has FTS5 there instead), behind
 * the same repository call (`dialect.searchNotes`, db/dialect.ts):
 * - `notes_fts(user_id, note_id, doc)`: one row per live note, `doc` a `tsvector` of the `simple` configuration
 *   (no stemming: any language, Cyrillic and Latin alike), the title weighted A and the body B, with a GIN index.
 * - Text is folded as SQLite's `unicode61 remove_diacritics 2` folds it: lower case, accents removed (`unaccent`,
 *   when the extension can be had: it is trusted since PostgreSQL 13, so a database owner may create it; without
 *   it only case is folded), and every run of characters other than letters and digits is a word break (the
 *   default parser would keep `a@b.com` or `x-y` as one token where FTS5 splits them).
 * - Triggers on `entities` keep it in step in the writing transaction, as the SQLite triggers do, so every
 *   write path (sync push, REST, tombstone collection, account deletion, migrate-store) updates it.
 */
export async function createPostgresNotesSearch(db: Kysely<unknown>): Promise<void> {
  const unaccent = await unaccentSchema(db);
  const fold = unaccent
    ? sql.raw(`lower(${quoteIdent(unaccent)}.unaccent('${unaccent.replaceAll("'", "''")}.unaccent'::regdictionary, t))`)
    : sql.raw('lower(t)');
  await sql`CREATE FUNCTION adhd_search_fold(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT ${fold} $$`.execute(db);
  await sql`CREATE FUNCTION adhd_search_doc(title text, content text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT setweight(to_tsvector('simple', regexp_replace(adhd_search_fold(coalesce(title, '')), '[^[:alnum:]]+', ' ', 'g')), 'A')
              || setweight(to_tsvector('simple', regexp_replace(adhd_search_fold(coalesce(content, '')), '[^[:alnum:]]+', ' ', 'g')), 'B') $$`.execute(db);
  await sql`CREATE TABLE notes_fts (
    user_id text NOT NULL,
    note_id text NOT NULL,
    doc tsvector NOT NULL,
    PRIMARY KEY (user_id, note_id)
  )`.execute(db);
  await sql`CREATE INDEX notes_fts_doc ON notes_fts USING gin (doc)`.execute(db);
  await defineNotesFtsSync(db, 'NEW.data::jsonb');
  await sql`CREATE TRIGGER notes_fts_insert AFTER INSERT ON entities FOR EACH ROW WHEN (NEW.type = 'note')
    EXECUTE FUNCTION notes_fts_sync()`.execute(db);
  await sql`CREATE TRIGGER notes_fts_update AFTER UPDATE ON entities FOR EACH ROW WHEN (OLD.type = 'note')
    EXECUTE FUNCTION notes_fts_sync()`.execute(db);
  await sql`CREATE TRIGGER notes_fts_delete AFTER DELETE ON entities FOR EACH ROW WHEN (OLD.type = 'note')
    EXECUTE FUNCTION notes_fts_sync()`.execute(db);
  await sql`INSERT INTO notes_fts (user_id, note_id, doc)
    SELECT user_id, id, adhd_search_doc(data::jsonb ->> 'title', data::jsonb ->> 'content')
    FROM entities WHERE type = 'note' AND deleted = 0`.execute(db);
}

/**
 * The notes index's trigger function, reading the row's JSON through `json` (an SQL expression of `NEW.data`):
 * `NEW.data::jsonb` as migration 0004 made it, `adhd_search_json(NEW.data)` since 0010 (postgres-search.ts).
 */
export async function defineNotesFtsSync(db: Kysely<unknown>, json: 'NEW.data::jsonb' | 'adhd_search_json(NEW.data)'): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION notes_fts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE data jsonb;
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM notes_fts WHERE user_id = OLD.user_id AND note_id = OLD.id;
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.type = 'note' AND NEW.deleted = 0 THEN
        data := ${sql.raw(json)};
        INSERT INTO notes_fts (user_id, note_id, doc)
        VALUES (NEW.user_id, NEW.id, adhd_search_doc(data ->> 'title', data ->> 'content'));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}

export async function dropPostgresNotesSearch(db: Kysely<unknown>): Promise<void> {
  for (const t of ['notes_fts_insert', 'notes_fts_update', 'notes_fts_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)} ON entities`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS notes_fts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS notes_fts_sync(), adhd_search_doc(text, text), adhd_search_fold(text)`.execute(db);
}

/**
 * The schema of the `unaccent` extension: installed already, or installed now into `public` (inside a
 * savepoint, so a role that may not create it leaves the migration's transaction usable); null without it.
 */
async function unaccentSchema(db: Kysely<unknown>): Promise<string | null> {
  const find = async () =>
    (
      await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e
        JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'`.execute(db)
    ).rows[0]?.schema ?? null;
  const found = await find();
  if (found) return found;
  await sql`SAVEPOINT adhd_unaccent`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public`.execute(db);
    await sql`RELEASE SAVEPOINT adhd_unaccent`.execute(db);
  } catch {
    await sql`ROLLBACK TO SAVEPOINT adhd_unaccent`.execute(db);
  }
  return find();
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
