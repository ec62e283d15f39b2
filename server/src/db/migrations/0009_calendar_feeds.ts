import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 15, the private calendar feed (docs/calendar-files.md): one feed per user, found by the SHA-256 of its
 * token (the token itself is never stored: the feed URL is shown once, when it is made). A new feed replaces
 * the row; deleting the account deletes it (ON DELETE CASCADE). The same statements on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').ifExists().execute();
}
