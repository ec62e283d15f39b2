import type { Kysely } from 'kysely';
import type { RedirectRule } from '@adhd/shared/admin/schema';
import type { Database, RedirectsTable } from '../../db/schema.js';
import { newId, nowIso } from '../../lib/ids.js';

const toRule = (row: RedirectsTable): RedirectRule => ({
  _id: row.id,
  from: row.from_path,
  to: row.target,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** SQL of the `redirects` table (admin path rules). `from` arrives normalised (no trailing slash). */
export function redirectsRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<RedirectRule[]> {
      const rows = await db.selectFrom('redirects').selectAll().orderBy('from_path').execute();
      return rows.map(toRule);
    },

    async find(from: string): Promise<RedirectRule | undefined> {
      const row = await db.selectFrom('redirects').selectAll().where('from_path', '=', from).executeTakeFirst();
      return row ? toRule(row) : undefined;
    },

    async get(id: string): Promise<RedirectRule | undefined> {
      const row = await db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toRule(row) : undefined;
    },

    async create(rule: { from: string; to: string }): Promise<RedirectRule> {
      const now = nowIso();
      const row: RedirectsTable = { id: newId(), from_path: rule.from, target: rule.to, created_at: now, updated_at: now };
      await db.insertInto('redirects').values(row).execute();
      return toRule(row);
    },

    /** Answers false when no rule has this id. */
    async update(id: string, rule: { from: string; to: string }): Promise<boolean> {
      const res = await db
        .updateTable('redirects')
        .set({ from_path: rule.from, target: rule.to, updated_at: nowIso() })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<boolean> {
      const res = await db.deleteFrom('redirects').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}
