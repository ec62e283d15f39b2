import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 12, points 7 and 9:
 * - `sync_user.bytes`: the UTF-8 size of the user's live rows' JSON, kept by the sync engine in the same
 *   transaction as the rows (from each write's size delta), so the storage quota never needs a scan.
 * - `tag_refs`: which live item holds which tag, kept by the engine with the rows, so `tag.delete` costs the
 *   items that hold the tag instead of every item (and usage counts are an index lookup).
 * - `epochs`: the database's epochs (docs/sync.md, "Database epoch"): a restored, older copy of the file does
 *   not know the epochs created after it was taken, so a cursor from the lost timeline resets.
 * The backfills use SQLite's `json_each` and `length(CAST … AS BLOB)`; PostgreSQL has `jsonb_array_elements_text`
 * and `octet_length` for the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('sync_user').addColumn('bytes', dialect.bigint, (c) => c.notNull().defaultTo(0)).execute();
  if (dialect.kind === 'postgres') await backfillPostgres(db);
  else await sql`UPDATE sync_user SET bytes = (
    SELECT coalesce(sum(length(CAST(e.data AS BLOB))), 0) FROM entities e
    WHERE e.user_id = sync_user.user_id AND e.deleted = 0
  )`.execute(db);

  await db.schema
    .createTable('tag_refs')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('tag_refs_pk', ['user_id', 'tag_id', 'item_type', 'item_id'])
    .execute();
  await db.schema.createIndex('tag_refs_item').on('tag_refs').columns(['user_id', 'item_type', 'item_id']).execute();
  if (dialect.kind === 'sqlite') await sql`INSERT OR IGNORE INTO tag_refs (user_id, tag_id, item_type, item_id)
    SELECT e.user_id, j.value, e.type, e.id FROM entities e, json_each(e.data, '$.tags') j
    WHERE e.type IN ('task', 'note', 'habit', 'event') AND e.deleted = 0
      AND json_type(e.data, '$.tags') = 'array' AND j.type = 'text'`.execute(db);
  else await backfillTagRefsPostgres(db);

  await db.schema
    .createTable('epochs')
    .addColumn('n', 'integer', (c) => dialect.autoId(c))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

/** The same backfills in PostgreSQL's spelling (an upgraded store only: a new one has no rows yet). */
async function backfillPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE sync_user SET bytes = (
    SELECT coalesce(sum(octet_length(e.data)), 0) FROM entities e
    WHERE e.user_id = sync_user.user_id AND e.deleted = 0
  )`.execute(db);
}

/** Tag references of the existing rows, PostgreSQL's spelling (after the table exists). */
async function backfillTagRefsPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO tag_refs (user_id, tag_id, item_type, item_id)
    SELECT e.user_id, j.value, e.type, e.id FROM entities e, jsonb_array_elements_text(
      CASE WHEN jsonb_typeof(e.data::jsonb -> 'tags') = 'array' THEN e.data::jsonb -> 'tags' ELSE '[]'::jsonb END) j(value)
    WHERE e.type IN ('task', 'note', 'habit', 'event') AND e.deleted = 0
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('epochs').ifExists().execute();
  await db.schema.dropTable('tag_refs').ifExists().execute();
  await db.schema.alterTable('sync_user').dropColumn('bytes').execute();
}
