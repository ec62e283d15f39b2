import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

// Shipped migrations are never edited: add a new numbered file instead. (Issue 14 taught them PostgreSQL:
// the SQLite statements are exactly as shipped; `dialectOf` picks the PostgreSQL spelling of a type.)

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marketing_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted_terms_at', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('user'))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('week_start_day', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('clock_mode', 'text', (c) => c.notNull().defaultTo('12h'))
    .addColumn('brainrot_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('google_account', 'text')
    .addColumn('telegram_account', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_active_at', 'text')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('verified_at', 'text')
    .execute();
  await db.schema.createIndex('email_codes_email').on('email_codes').columns(['email', 'purpose']).execute();

  await db.schema
    .createTable('auth_events')
    .addColumn('id', 'integer', (c) => dialect.autoId(c))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('ip', 'text')
    .addColumn('at', dialect.bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_events_email').on('auth_events').columns(['kind', 'email', 'at']).execute();
  await db.schema.createIndex('auth_events_ip').on('auth_events').columns(['kind', 'ip', 'at']).execute();

  await db.schema
    .createTable('entities')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('field_versions', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('entities_pk', ['user_id', 'type', 'id'])
    .execute();
  await db.schema.createIndex('entities_version').on('entities').columns(['user_id', 'version']).execute();
  await db.schema
    .createIndex('entities_parent')
    .on('entities')
    .columns(['user_id', 'type', 'parent_id'])
    .where(sql.ref('parent_id'), 'is not', null)
    .execute();

  // Tombstone collection (maintenance) finds old tombstones without scanning every row.
  await db.schema
    .createIndex('entities_tombstones')
    .on('entities')
    .column('updated_at')
    .where(sql.ref('deleted'), '=', 1)
    .execute();

  await db.schema
    .createTable('sync_user')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('sync_client')
    .addColumn('client_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_mutation_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['sync_client', 'sync_user', 'entities', 'auth_events', 'email_codes', 'sessions', 'users']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
