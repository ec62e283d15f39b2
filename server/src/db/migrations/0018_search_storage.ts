import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 16 (metric 151): how PostgreSQL keeps the two search indexes (0004's `notes_fts`, 0010's `search_fts`), so
 * that `GET /api/search` reads less for the same answer. SQLite (FTS5) has nothing of this: a no-op there.
 *
 * - The GIN indexes of `doc` without the pending list (`fastupdate = off`). With it, new entries wait in an
 *   unsorted list until a vacuum, an autoanalyze or 4 MB of them merge it into the tree, and every search reads the
 *   whole list, every user's recent writes: right after 13.8k documents were written, all of them were still
 *   there, so a rare word cost as much as the most common one and the planner's index scan was no better than
 *   reading every row. Each write now puts its entries into the tree itself (a little more work per write, and
 *   a search's cost no longer depends on the writes since the last vacuum). The present list is merged now.
 * - The tsvectors stay in the row (`STORAGE MAIN`, `toast_tuple_target` at its maximum): a 1 KB note's is
 *   ~2 KB, which by default is moved to the TOAST table (a tsvector barely compresses), so ranking a matching
 *   note meant an index lookup and two chunk reads in TOAST, and a plan that checks `doc @@ q` on the row read it
 *   twice. In the row it is read in place. A tsvector too large for a page still goes to TOAST (the last resort
 *   of MAIN), so no write fails. The rows of before are rewritten once so that they move in too.
 *
 * The answers are the same: same rows, same `doc` values, same ranking (`ts_rank` of the whole vector).
 */

const INDEXES = ['notes_fts_doc', 'search_fts_doc'];
const TABLES = ['notes_fts', 'search_fts'];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.raw(table)} SET (toast_tuple_target = 8160)`.execute(db);
    await sql`ALTER TABLE ${sql.raw(table)} ALTER COLUMN doc SET STORAGE MAIN`.execute(db);
    // A new value (`|| ''` copies the vector as it is) is stored by the new rules; an unchanged one would keep
    // its TOAST pointer. Only vectors large enough to have been moved out (a row over 2 KB) are rewritten, before
    // the pending list is turned off, so that their index entries are merged in bulk below.
    await sql`UPDATE ${sql.raw(table)} SET doc = doc || ''::tsvector WHERE pg_column_size(doc) > 1800`.execute(db);
  }
  for (const index of INDEXES) {
    await sql`ALTER INDEX ${sql.raw(index)} SET (fastupdate = off)`.execute(db);
    await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.raw(table)} ALTER COLUMN doc SET STORAGE EXTENDED`.execute(db);
    await sql`ALTER TABLE ${sql.raw(table)} RESET (toast_tuple_target)`.execute(db);
  }
  for (const index of INDEXES) await sql`ALTER INDEX ${sql.raw(index)} SET (fastupdate = on)`.execute(db);
}
