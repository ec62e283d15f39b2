import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 14, server throughput: the live rows of a type are found from an index alone, without loading every
 * row to check `deleted`.
 * - `entities_live (user_id, type, id) WHERE deleted = 0`: a list page (`GET /api/tasks?limit=…&offset=…`) walks
 *   only live entries in id order, skips an offset without touching the table, and loads just the rows it
 *   answers. (No wider: SQLite's planner then prefers it to the primary key's index.)
 * - `entities_live_children (user_id, type, parent_id, id) WHERE deleted = 0 AND parent_id IS NOT NULL`: the
 *   live children of a page's rows (a task's `children`) from the index alone.
 * - SQLite: `entities_version (user_id, version)` becomes `entities_version_size (user_id, version,
 *   octet_length(data))`, so a pull sizes its page (repository.ts `pageCut`) from the index alone instead of
 *   loading every row of the page twice. PostgreSQL cannot answer an expression from an index-only scan, so it
 *   keeps `entities_version`.
 * The queries spell the condition as the literal `deleted = 0`: a partial index is chosen only for a query
 * whose WHERE clause has the index's own term (SQLite and PostgreSQL's generic plans alike), not a parameter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('entities_live')
    .on('entities')
    .columns(['user_id', 'type', 'id'])
    .where(sql.ref('deleted'), '=', 0)
    .execute();
  await db.schema
    .createIndex('entities_live_children')
    .on('entities')
    .columns(['user_id', 'type', 'parent_id', 'id'])
    .where((eb) => eb.and([eb(sql.ref('deleted'), '=', 0), eb(sql.ref('parent_id'), 'is not', null)]))
    .execute();
  if (dialectOf(db).kind === 'sqlite') {
    await db.schema
      .createIndex('entities_version_size')
      .on('entities')
      .columns(['user_id', 'version'])
      .expression(sql`octet_length(data)`)
      .execute();
    await db.schema.dropIndex('entities_version').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db).kind === 'sqlite') {
    await db.schema.createIndex('entities_version').ifNotExists().on('entities').columns(['user_id', 'version']).execute();
    await db.schema.dropIndex('entities_version_size').ifExists().execute();
  }
  await db.schema.dropIndex('entities_live_children').ifExists().execute();
  await db.schema.dropIndex('entities_live').ifExists().execute();
}
