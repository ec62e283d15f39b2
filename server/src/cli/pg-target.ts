import { sql, type Kysely } from 'kysely';
import { openPostgres } from '../db/postgres.js';
import type { Database } from '../db/schema.js';

/** The PostgreSQL database migrate-store writes to, opened as the server opens it; fails when it cannot connect. */
export async function openTarget(url: string): Promise<Kysely<Database>> {
  const { db } = openPostgres(url, { max: 2 });
  try {
    await sql`select 1`.execute(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}
