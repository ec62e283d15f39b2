import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 19, the Google Calendar import (docs/google-calendar.md). `google_connections`: one row per connected
 * account, the OAuth tokens sealed with AES-256-GCM (lib/token-crypto.ts, never in clear), their expiry, the
 * connection's status (`connected`, or `disconnected` with a message when Google refused the refresh token) and
 * the last finished sync. `google_calendars`: the account's calendars (Google's calendarList), whether the user
 * shows each one, and its incremental sync token with the window it was made for. `google_oauth_states`: the
 * authorisation requests in flight, only the SHA-256 of each `state` stored, bound to the user, with the sealed
 * PKCE verifier, valid 10 minutes and used once. Deleting the account deletes all three (ON DELETE CASCADE).
 * The same statements on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('google_connections')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('access_token', 'text')
    .addColumn('refresh_token', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('last_sync_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('google_calendars')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('calendar_id', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('color', 'text')
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('html_link', 'text')
    .addColumn('time_zone', 'text')
    .addColumn('is_primary', 'integer', (c) => c.notNull())
    .addColumn('visible', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('sync_token', 'text')
    .addColumn('sync_time_min', 'text')
    .addColumn('sync_time_max', 'text')
    .addPrimaryKeyConstraint('google_calendars_pk', ['user_id', 'calendar_id'])
    .execute();
  await db.schema
    .createTable('google_oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('google_oauth_states_user').on('google_oauth_states').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('google_oauth_states').ifExists().execute();
  await db.schema.dropTable('google_calendars').ifExists().execute();
  await db.schema.dropTable('google_connections').ifExists().execute();
}
