import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The secret `name` kept in the store (`server_secrets`), created once with 48 random bytes: the first instance
 * to get here inserts it, every other one (also at the same moment: INSERT … ON CONFLICT DO NOTHING) reads that
 * same value, so tokens one instance signs are valid on all of them.
 */
export async function readOrCreateStoredSecret(db: Kysely<Database>, name: string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: randomBytes(48).toString('base64url'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
