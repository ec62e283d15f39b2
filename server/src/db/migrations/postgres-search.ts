import { sql, type Kysely } from 'kysely';
import { defineNotesFtsSync } from './postgres-notes-search.js';

/**
 * The search index of tasks, events, habits and inbox items on PostgreSQL (migration 0010; SQLite has FTS5 there
 * instead), behind the same repository call (`dialect.search`, db/dialect.ts):
 * - `search_fts(user_id, type, item_id, doc)`: one row per live row of the four types, `doc` built by
 *   `adhd_search_doc(title, body)` from migration 0004 (the `simple` configuration, folded as SQLite's
 *   `unicode61 remove_diacritics 2` folds: lower case, accents removed, non-alphanumerics as word breaks), the
 *   title weighted A and the body B, with a GIN index;
 * - triggers on `entities` keep it in step in the writing transaction, as the notes index's do.
 * Title and body per type: see 0010_search.ts.
 */

const TYPES = "('task', 'event', 'habit', 'inbox')";

export async function createPostgresSearch(db: Kysely<unknown>): Promise<void> {
  // A row's JSON text as jsonb for the indexes. JSON.stringify writes a lone surrogate of a user's text as an escape
  // (`\ud800`), which jsonb refuses: the write must not fail for the index's sake, so such escapes index as a
  // space (and text jsonb still refuses indexes as nothing). The fast path, no `\u` at all, is one strpos.
  await sql`CREATE FUNCTION adhd_search_json(data text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
    BEGIN
      IF strpos(data, '\\u') = 0 THEN RETURN data::jsonb; END IF;
      BEGIN
        RETURN data::jsonb;
      EXCEPTION WHEN others THEN
        BEGIN
          RETURN regexp_replace(data, '\\\\u[dD][89a-fA-F][0-9a-fA-F]{2}', ' ', 'g')::jsonb;
        EXCEPTION WHEN others THEN
          RETURN '{}'::jsonb;
        END;
      END;
    END $$`.execute(db);
  // The notes index's trigger (migration 0004) gets the same tolerance.
  await defineNotesFtsSync(db, 'adhd_search_json(NEW.data)');
  // The indexed title and body of a row of one of the four types (see 0010_search.ts).
  await sql`CREATE FUNCTION adhd_search_entity_text(type text, data jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT ARRAY[
      CASE type WHEN 'inbox' THEN data ->> 'text' ELSE data ->> 'title' END,
      CASE type
        WHEN 'inbox' THEN ''
        WHEN 'event' THEN coalesce(data ->> 'description', '') || E'\n' || coalesce(data ->> 'location', '')
        ELSE coalesce(data ->> 'description', '') END] $$`.execute(db);
  await sql`CREATE FUNCTION adhd_search_entity_doc(type text, data jsonb) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT adhd_search_doc(t[1], t[2]) FROM adhd_search_entity_text(type, data) AS t $$`.execute(db);
  await sql`CREATE TABLE search_fts (
    user_id text NOT NULL,
    type text NOT NULL,
    item_id text NOT NULL,
    doc tsvector NOT NULL,
    PRIMARY KEY (user_id, type, item_id)
  )`.execute(db);
  await sql`CREATE INDEX search_fts_doc ON search_fts USING gin (doc)`.execute(db);
  await sql`CREATE FUNCTION search_fts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        DELETE FROM search_fts WHERE user_id = OLD.user_id AND type = OLD.type AND item_id = OLD.id;
      END IF;
      IF TG_OP <> 'DELETE' AND NEW.type IN ${sql.raw(TYPES)} AND NEW.deleted = 0 THEN
        INSERT INTO search_fts (user_id, type, item_id, doc)
        VALUES (NEW.user_id, NEW.type, NEW.id, adhd_search_entity_doc(NEW.type, adhd_search_json(NEW.data)));
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  const types = sql.raw(TYPES);
  await sql`CREATE TRIGGER search_fts_insert AFTER INSERT ON entities FOR EACH ROW WHEN (NEW.type IN ${types})
    EXECUTE FUNCTION search_fts_sync()`.execute(db);
  // Only a change of the indexed text or of `deleted` touches the index (a completion or a move does not).
  await sql`CREATE TRIGGER search_fts_update AFTER UPDATE OF data, deleted ON entities FOR EACH ROW
    WHEN (OLD.type IN ${types} AND (OLD.deleted <> NEW.deleted
      OR adhd_search_entity_text(OLD.type, adhd_search_json(OLD.data)) IS DISTINCT FROM adhd_search_entity_text(NEW.type, adhd_search_json(NEW.data))))
    EXECUTE FUNCTION search_fts_sync()`.execute(db);
  await sql`CREATE TRIGGER search_fts_delete AFTER DELETE ON entities FOR EACH ROW WHEN (OLD.type IN ${types})
    EXECUTE FUNCTION search_fts_sync()`.execute(db);
  await sql`INSERT INTO search_fts (user_id, type, item_id, doc)
    SELECT user_id, type, id, adhd_search_entity_doc(type, adhd_search_json(data))
    FROM entities WHERE type IN ${types} AND deleted = 0`.execute(db);
}

export async function dropPostgresSearch(db: Kysely<unknown>): Promise<void> {
  for (const t of ['search_fts_insert', 'search_fts_update', 'search_fts_delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)} ON entities`.execute(db);
  }
  await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_fts_sync(), adhd_search_entity_doc(text, jsonb), adhd_search_entity_text(text, jsonb)`.execute(db);
  // Migration 0004's notes trigger function as it was.
  await defineNotesFtsSync(db, 'NEW.data::jsonb');
  await sql`DROP FUNCTION IF EXISTS adhd_search_json(text)`.execute(db);
}
