import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 16, the Telegram bot that feeds the inbox (docs/telegram.md). `telegram_links`: which chat belongs to
 * which account (one chat per account, one account per chat). `telegram_codes`: the one-time link codes, only
 * their SHA-256 stored, each valid 10 minutes and used once. `telegram_state`: the server's own values (the
 * long-polling offset, the webhook's secret token). Deleting the account deletes its link and codes (ON DELETE
 * CASCADE). The same statements on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('telegram_links')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text')
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('telegram_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('telegram_codes_user').on('telegram_codes').column('user_id').execute();
  await db.schema
    .createTable('telegram_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('telegram_state').ifExists().execute();
  await db.schema.dropTable('telegram_codes').ifExists().execute();
  await db.schema.dropTable('telegram_links').ifExists().execute();
}
