import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 18, feedback (docs/feedback.md): one row per message sent through `/feedback`, by visitors and users.
 * `user_id` links a signed-in sender; deleting the account keeps the feedback (its name and email were given
 * with it) and drops the link (ON DELETE SET NULL). `screenshots` is a JSON array of the stored files
 * (`{ file, type, size }`, generated names under DATA_DIR/uploads/feedback). The same statements on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('screenshots', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_created').on('feedback').columns(['created_at']).execute();
  await db.schema.createIndex('feedback_user').on('feedback').columns(['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feedback').ifExists().execute();
}
