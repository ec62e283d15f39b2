import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 19, Google sign-in (docs/google-signin.md): `users.google_account` (since 0001) holds the Google account id
 * (`sub`) an account is linked to. A unique index makes "one Google account signs in to one account" a property
 * of the store, also when two links race; NULLs (unlinked accounts) do not collide on either store. The same
 * statements on both stores.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_google_account').on('users').column('google_account').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_google_account').ifExists().execute();
}
