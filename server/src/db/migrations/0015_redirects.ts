import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 18, admin redirects: path rules from an internal path (`from_path`, unique, without a trailing slash) to
 * an internal path or an absolute http(s) URL (`target`). The same statements on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('redirects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('redirects').ifExists().execute();
}
