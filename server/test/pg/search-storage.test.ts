import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useServerTest } from '../kit.js';
import { up } from '../../src/db/migrations/0018_search_storage.js';
import { search } from '../../src/modules/search/repository.js';

/**
 * Migration 0018 on PostgreSQL: the search indexes' pending lists are bounded and a note's tsvector stays in its
 * row (no TOAST), also for rows written before the migration; the answers stay the same. (PostgreSQL only: test/pg/.)
 */

describe('the PostgreSQL search index storage (0018)', () => {
  const t = useServerTest();
  const content = Array.from({ length: 150 }, (_, i) => `word${i} lorem${i % 7}`).join(' ');

  /** Rows of the notes index's TOAST table (values stored out of line). */
  const toasted = async () => {
    const { rows } = await sql<{ toast: string }>`SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE relname = 'notes_fts'`.execute(t.app.db);
    return Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.raw(rows[0]!.toast)}`.execute(t.app.db)).rows[0]!.n);
  };
  const found = async (userId: string, q: string) => (await search(t.app.db, userId, q, 'all', '2025-05-01')).results.map((r) => r.id);

  it('bounds the pending lists and keeps the vectors in the row, also those written before it', async () => {
    const { rows } = await sql<{ name: string; options: string[] }>`SELECT relname AS name, reloptions AS options FROM pg_class
      WHERE relname IN ('notes_fts_doc', 'search_fts_doc') ORDER BY relname`.execute(t.app.db);
    expect(rows).toEqual([
      { name: 'notes_fts_doc', options: ['gin_pending_list_limit=64'] },
      { name: 'search_fts_doc', options: ['gin_pending_list_limit=64'] },
    ]);
    const user = await t.seedUser();
    const a = await t.create('/api/notes', { title: 'Inline', content }, user);
    expect(await toasted()).toBe(0);
    // A note written as before 0018 goes out of line; running it again brings it back, with the same answers.
    await sql`ALTER TABLE notes_fts ALTER COLUMN doc SET STORAGE EXTENDED`.execute(t.app.db);
    await sql`ALTER TABLE notes_fts RESET (toast_tuple_target)`.execute(t.app.db);
    const b = await t.create('/api/notes', { title: 'Outside', content: `${content} rarissimo` }, user);
    expect(await toasted()).toBeGreaterThan(0);
    const before = [await found(user.id, 'lorem3'), await found(user.id, 'rariss'), await found(user.id, 'inline word14')];
    expect(before[0]!.sort()).toEqual([a._id, b._id].sort());
    expect(before.slice(1)).toEqual([[b._id], [a._id]]);
    await t.app.db.transaction().execute((trx) => up(trx as unknown as Kysely<unknown>));
    await sql`VACUUM notes_fts`.execute(t.app.db);
    expect(await toasted()).toBe(0);
    expect([await found(user.id, 'lorem3'), await found(user.id, 'rariss'), await found(user.id, 'inline word14')]).toEqual(before);
  });
});
