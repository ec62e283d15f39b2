import type { Kysely } from 'kysely';

// Shipped migrations are never edited: add a new numbered file instead.

/**
 * Issue 12, point 8 (follow-up): `sync_rejection` remembers why a pushed mutation was rejected, per
 * `(client_id, mutation_id)`, written in the push's own transaction. A retried push whose first answer was
 * lost then answers that id `rejected` with the same code and message again instead of `skipped`, so the
 * refusal still reaches the client's "needs attention" list (docs/sync.md, push). Rows go with their client
 * (and so with the account); the push drops a client's rows below the first id it sends, and the maintenance
 * job drops rows older than 30 days (index on `created_at`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sync_rejection')
    .addColumn('client_id', 'text', (c) => c.notNull().references('sync_client.client_id').onDelete('cascade'))
    .addColumn('mutation_id', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_rejection_pk', ['client_id', 'mutation_id'])
    .execute();
  await db.schema.createIndex('sync_rejection_created_at').on('sync_rejection').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_rejection').ifExists().execute();
}
