import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 18, news (docs/news.md): items written by admins, per language, public once published. `display_path`
 * is unique per language (the public address `/news/{language}/{display_path}`). Deleting the author keeps
 * the item (author_id becomes null). The same statements on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('news')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('custom_layout', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('display_path', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('news_language_display_path', ['language', 'display_path'])
    .execute();
  await db.schema.createIndex('news_by_language_status').on('news').columns(['language', 'status', 'published_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('news').ifExists().execute();
}
