import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 16 (metric 151): how PostgreSQL keeps the two search indexes (0004's `notes_fts`, 0010's `search_fts`), so
 * that `GET /api/search` reads less for the same answer. SQLite (FTS5) has nothing of this: a no-op there.
 *
 * - The GIN indexes of `doc` with a pending list of at most 64 kB (`gin_pending_list_limit`, 4 MB by default).
 *   New entries wait in that unsorted list until a vacuum, an autoanalyze or the limit merges it into the tree,
 *   and every search reads the whole list, every user's recent writes: right after 13.8k documents were written
 *   all of them were still there, so a rare word cost as much as the most common one, and the planner's index
 *   scan was no better than reading every row. 64 kB is about 25 notes' entries: a search reads a few pages of
 *   it at most, and a write still adds its entries to the list (merged in bulk) rather than to the tree one by
 *   one (`fastupdate = off`, measured: notes written 2× slower again). The present list is merged now.
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
    // the pending list is bounded, so that their index entries are merged in bulk below.
    await sql`UPDATE ${sql.raw(table)} SET doc = doc || ''::tsvector WHERE pg_column_size(doc) > 1800`.execute(db);
  }
  for (const index of INDEXES) {
    await sql`ALTER INDEX ${sql.raw(index)} SET (gin_pending_list_limit = 64)`.execute(db);
    await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const table of TABLES) {
    await sql`ALTER TABLE ${sql.raw(table)} ALTER COLUMN doc SET STORAGE EXTENDED`.execute(db);
    await sql`ALTER TABLE ${sql.raw(table)} RESET (toast_tuple_target)`.execute(db);
  }
  for (const index of INDEXES) await sql`ALTER INDEX ${sql.raw(index)} RESET (gin_pending_list_limit)`.execute(db);
}
