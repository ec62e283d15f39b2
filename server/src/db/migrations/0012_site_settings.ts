import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 18, running a server: `site_settings` holds the operator's server-wide values by key, each a JSON text
 * (`feature_toggles`, `donate_links`). The same statements on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('site_settings').ifExists().execute();
}
