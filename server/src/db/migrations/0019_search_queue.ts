import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 14 (metrics 3 and 4), ADR 0007: SQLite indexes for search out of the writing transaction. PostgreSQL keeps
 * its in-row tsvectors (0004, 0010, 0018): a no-op there.
 *
 * The triggers of 0004 (notes) and 0010 (tasks, events, habits, inbox items) wrote both FTS5 indexes inside every
 * write: about half the pages and most of the SQL time of a push. They are replaced by one light trigger per
 * statement kind that appends the changed row's key to `search_dirty` (an append-only queue: sequential rowids,
 * no unique index to keep, duplicates allowed), in the writing transaction, so a crash loses nothing. The
 * indexer (db/search-index.ts) then does for each queued key what the old triggers did, in its own transaction,
 * and every reader of the indexes drains the queue first. The triggers fire on the same changes as before: any
 * insert or delete of a row of the five types, an update only when `deleted` or the indexed text changes.
 *
 * The indexes are in step with `entities` when this runs (the old triggers kept them so): nothing is re-indexed.
 */

const TYPES = "('task', 'event', 'habit', 'inbox', 'note')";
/** The indexed text of a row (`new`/`old`), as 0004 and 0010 take it from the JSON data. */
const title = (row: string) => `CASE ${row}.type WHEN 'inbox' THEN json_extract(${row}.data, '$.text') ELSE json_extract(${row}.data, '$.title') END`;
const body = (row: string) =>
  `CASE ${row}.type
    WHEN 'inbox' THEN ''
    WHEN 'note' THEN json_extract(${row}.data, '$.content')
    WHEN 'event' THEN coalesce(json_extract(${row}.data, '$.description'), '') || char(10) || coalesce(json_extract(${row}.data, '$.location'), '')
    ELSE coalesce(json_extract(${row}.data, '$.description'), '') END`;

const OLD_TRIGGERS = ['notes_fts_insert', 'notes_fts_update', 'notes_fts_delete', 'search_fts_insert', 'search_fts_update', 'search_fts_delete'];
const TRIGGERS = ['search_dirty_insert', 'search_dirty_update', 'search_dirty_delete'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const t of OLD_TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
  // No foreign key: the keys of an account's deleted rows must stay queued until their index rows are gone.
  await sql`CREATE TABLE search_dirty (
    seq INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL,
    type TEXT NOT NULL,
    id TEXT NOT NULL
  )`.execute(db);
  const types = sql.raw(TYPES);
  const enqueue = (row: 'new' | 'old') => sql.raw(`INSERT INTO search_dirty(user_id, type, id) VALUES (${row}.user_id, ${row}.type, ${row}.id);`);
  await sql`CREATE TRIGGER search_dirty_insert AFTER INSERT ON entities WHEN new.type IN ${types} BEGIN ${enqueue('new')} END`.execute(db);
  await sql`CREATE TRIGGER search_dirty_delete AFTER DELETE ON entities WHEN old.type IN ${types} BEGIN ${enqueue('old')} END`.execute(db);
  // An update of the key (never made by the app) queues both keys.
  const moved = 'old.user_id IS NOT new.user_id OR old.type IS NOT new.type OR old.id IS NOT new.id';
  const changed = sql.raw(`old.deleted IS NOT new.deleted OR (${title('old')}) IS NOT (${title('new')}) OR (${body('old')}) IS NOT (${body('new')}) OR ${moved}`);
  await sql`CREATE TRIGGER search_dirty_update AFTER UPDATE OF data, deleted, user_id, type, id ON entities
    WHEN (old.type IN ${types} OR new.type IN ${types}) AND (${changed})
    BEGIN
      INSERT INTO search_dirty(user_id, type, id) SELECT new.user_id, new.type, new.id WHERE new.type IN ${types};
      INSERT INTO search_dirty(user_id, type, id) SELECT old.user_id, old.type, old.id WHERE old.type IN ${types} AND (${sql.raw(moved)});
    END`.execute(db);
}

/**
 * Back to the triggers of 0004 and 0010 (their definitions, copied), and both indexes built again from `entities`
 * as their backfills did, so that whatever was still queued is indexed.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  for (const t of TRIGGERS) await sql`DROP TRIGGER IF EXISTS ${sql.raw(t)}`.execute(db);
  await sql`DROP TABLE IF EXISTS search_dirty`.execute(db);
  const noteKey = (row: 'new' | 'old') => `user_id = ${row}.user_id AND note_id = ${row}.id`;
  const noteAdd = `INSERT INTO fts_note_ids(user_id, note_id) SELECT new.user_id, new.id WHERE NOT EXISTS (SELECT 1 FROM fts_note_ids WHERE ${noteKey('new')});`;
  const noteUnindex = (row: 'new' | 'old') => `DELETE FROM notes_fts WHERE rowid = (SELECT fts_rowid FROM fts_note_ids WHERE ${noteKey(row)});`;
  const noteIndex = `INSERT INTO notes_fts(rowid, title, content) SELECT fts_rowid, json_extract(new.data, '$.title'), json_extract(new.data, '$.content')
      FROM fts_note_ids WHERE ${noteKey('new')} AND new.deleted = 0;`;
  await sql.raw(`CREATE TRIGGER notes_fts_insert AFTER INSERT ON entities WHEN new.type = 'note' BEGIN ${noteAdd} ${noteUnindex('new')} ${noteIndex} END`).execute(db);
  await sql.raw(`CREATE TRIGGER notes_fts_update AFTER UPDATE ON entities WHEN old.type = 'note' BEGIN ${noteUnindex('old')} ${noteAdd} ${noteIndex} END`).execute(db);
  await sql.raw(`CREATE TRIGGER notes_fts_delete AFTER DELETE ON entities WHEN old.type = 'note' BEGIN ${noteUnindex('old')} DELETE FROM fts_note_ids WHERE ${noteKey('old')}; END`).execute(db);

  const key = (row: 'new' | 'old') => `user_id = ${row}.user_id AND type = ${row}.type AND item_id = ${row}.id`;
  const add = `INSERT INTO fts_search_ids(user_id, type, item_id) SELECT new.user_id, new.type, new.id WHERE NOT EXISTS (SELECT 1 FROM fts_search_ids WHERE ${key('new')});`;
  const unindex = (row: 'new' | 'old') => `DELETE FROM search_fts WHERE rowid = (SELECT fts_rowid FROM fts_search_ids WHERE ${key(row)});`;
  const index = `INSERT INTO search_fts(rowid, title, body) SELECT fts_rowid, ${title('new')}, ${body('new')} FROM fts_search_ids WHERE ${key('new')} AND new.deleted = 0;`;
  const types = "('task', 'event', 'habit', 'inbox')";
  const changed = `old.deleted IS NOT new.deleted OR (${title('old')}) IS NOT (${title('new')}) OR (${body('old')}) IS NOT (${body('new')})`;
  await sql.raw(`CREATE TRIGGER search_fts_insert AFTER INSERT ON entities WHEN new.type IN ${types} BEGIN ${add} ${unindex('new')} ${index} END`).execute(db);
  await sql.raw(`CREATE TRIGGER search_fts_update AFTER UPDATE OF data, deleted ON entities WHEN old.type IN ${types} AND (${changed}) BEGIN ${unindex('old')} ${add} ${index} END`).execute(db);
  await sql.raw(`CREATE TRIGGER search_fts_delete AFTER DELETE ON entities WHEN old.type IN ${types} BEGIN ${unindex('old')} DELETE FROM fts_search_ids WHERE ${key('old')}; END`).execute(db);

  for (const t of ['notes_fts', 'fts_note_ids', 'search_fts', 'fts_search_ids']) await sql.raw(`DELETE FROM ${t}`).execute(db);
  await sql`INSERT INTO fts_note_ids(user_id, note_id) SELECT user_id, id FROM entities WHERE type = 'note'`.execute(db);
  await sql`INSERT INTO notes_fts(rowid, title, content) SELECT m.fts_rowid, json_extract(e.data, '$.title'), json_extract(e.data, '$.content')
    FROM fts_note_ids m JOIN entities e ON e.user_id = m.user_id AND e.type = 'note' AND e.id = m.note_id WHERE e.deleted = 0`.execute(db);
  await sql.raw(`INSERT INTO fts_search_ids(user_id, type, item_id) SELECT user_id, type, id FROM entities WHERE type IN ${types}`).execute(db);
  await sql.raw(`INSERT INTO search_fts(rowid, title, body) SELECT m.fts_rowid, ${title('e')}, ${body('e')}
    FROM fts_search_ids m JOIN entities e ON e.user_id = m.user_id AND e.type = m.type AND e.id = m.item_id WHERE e.deleted = 0`).execute(db);
}
