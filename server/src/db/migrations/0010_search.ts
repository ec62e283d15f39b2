import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';
import { createPostgresSearch, dropPostgresSearch } from './postgres-search.js';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 16: one full-text index over tasks, events, habits and inbox items (`GET /api/search`, docs/search.md).
 * Notes keep their own index (0002/0004); the search route asks both.
 *
 * Each indexed row has a title and a body:
 * - task, habit: `title` / `description`;
 * - event: `title` / `description` and `location`;
 * - inbox item: its `text` as the title (a capture is one short thought) and no body.
 *
 * SQLite: `search_fts` (FTS5, `unicode61 remove_diacritics 2`, as notes) whose rowid is the explicit key of the
 * row's entry in `fts_search_ids (user_id, type, item_id)`, never the implicit rowid of its `entities` row, which
 * a dump and restore changes (see 0004). Every row of the four types, live or tombstone, has a map entry; only
 * live rows have an FTS row. Triggers keep both in step inside the writing transaction, so every write path
 * (sync push, REST, tombstone collection, account deletion, migrate-store) keeps the index right.
 * PostgreSQL: postgres-search.ts (a tsvector table with a GIN index, folded as the notes index is).
 */

const SEARCH_TYPES_SQL = "('task', 'event', 'habit', 'inbox')";

/** The indexed title and body of a row (`new`/`old`) as SQLite expressions over its JSON data. */
const title = (row: string) => `CASE ${row}.type WHEN 'inbox' THEN json_extract(${row}.data, '$.text') ELSE json_extract(${row}.data, '$.title') END`;
const body = (row: string) =>
  `CASE ${row}.type
    WHEN 'inbox' THEN ''
    WHEN 'event' THEN coalesce(json_extract(${row}.data, '$.description'), '') || char(10) || coalesce(json_extract(${row}.data, '$.location'), '')
    ELSE coalesce(json_extract(${row}.data, '$.description'), '') END`;

const TRIGGERS = ['search_fts_insert', 'search_fts_update', 'search_fts_delete'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return createPostgresSearch(db);
  await sql`CREATE TABLE fts_search_ids (
    fts_rowid INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    item_id TEXT NOT NULL,
    UNIQUE (user_id, type, item_id)
  )`.execute(db);
  await sql`CREATE VIRTUAL TABLE search_fts USING fts5(
    title, body,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db);

  // As in 0004: no `INSERT OR IGNORE` inside a trigger (the outer statement's conflict policy would win).
  const entry = (row: 'new' | 'old') => `user_id = ${row}.user_id AND type = ${row}.type AND item_id = ${row}.id`;
  const addId = `INSERT INTO fts_search_ids(user_id, type, item_id) SELECT new.user_id, new.type, new.id
      WHERE NOT EXISTS (SELECT 1 FROM fts_search_ids WHERE ${entry('new')});`;
  const unindex = (row: 'new' | 'old') => `DELETE FROM search_fts WHERE rowid = (SELECT fts_rowid FROM fts_search_ids WHERE ${entry(row)});`;
  const indexIfLive = `INSERT INTO search_fts(rowid, title, body)
      SELECT fts_rowid, ${title('new')}, ${body('new')}
      FROM fts_search_ids WHERE ${entry('new')} AND new.deleted = 0;`;
  const types = sql.raw(SEARCH_TYPES_SQL);
  await sql`CREATE TRIGGER search_fts_insert AFTER INSERT ON entities WHEN new.type IN ${types}
    BEGIN ${sql.raw(addId)} ${sql.raw(unindex('new'))} ${sql.raw(indexIfLive)} END`.execute(db);
  // Only a change of the indexed text or of `deleted` touches the index (a completion or a move does not).
  const changed = sql.raw(`old.deleted IS NOT new.deleted OR (${title('old')}) IS NOT (${title('new')}) OR (${body('old')}) IS NOT (${body('new')})`);
  await sql`CREATE TRIGGER search_fts_update AFTER UPDATE OF data, deleted ON entities WHEN old.type IN ${types} AND (${changed})
    BEGIN ${sql.raw(unindex('old'))} ${sql.raw(addId)} ${sql.raw(indexIfLive)} END`.execute(db);
  await sql`CREATE TRIGGER search_fts_delete AFTER DELETE ON entities WHEN old.type IN ${types}
    BEGIN ${sql.raw(unindex('old'))} DELETE FROM fts_search_ids WHERE ${sql.raw(entry('old'))}; END`.execute(db);

  // Backfill: a map entry for every existing row of the four types, an FTS row for the live ones.
  await sql`INSERT INTO fts_search_ids(user_id, type, item_id)
    SELECT user_id, type, id FROM entities WHERE type IN ${types}`.execute(db);
  await sql`INSERT INTO search_fts(rowid, title, body)
    SELECT m.fts_rowid, ${sql.raw(title('e'))}, ${sql.raw(body('e'))}
    FROM fts_search_ids m JOIN entities e ON e.user_id = m.user_id AND e.type = m.type AND e.id = m.item_id
    WHERE e.deleted = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return dropPostgresSearch(db);
  for (const t of TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
  await sql`DROP TABLE IF EXISTS search_fts`.execute(db);
  await sql`DROP TABLE IF EXISTS fts_search_ids`.execute(db);
}
