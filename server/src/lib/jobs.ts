import type { Kysely } from 'kysely';
import { dialectOf } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/**
 * Run the periodic job `name` unless another instance is running it right now; answers whether it ran here.
 *
 * On PostgreSQL several instances share the store and each has the same timers: the job's run holds a session
 * advisory lock (`pg_try_advisory_lock`) on a connection of its own for as long as it runs, so exactly one
 * instance runs it at a time and the others skip that turn. A crashed instance's lock goes with its connection.
 * The job's own queries use the pool as usual. On SQLite there is one process per store: the job just runs.
 */
export async function runExclusive(db: Kysely<Database>, name: string, job: () => Promise<void>): Promise<boolean> {
  const dialect = dialectOf(db);
  if (dialect.singleProcess) {
    await job();
    return true;
  }
  return db.connection().execute(async (conn) => {
    if (!(await dialect.tryLockKey(conn, 'job', name))) return false;
    try {
      await job();
      return true;
    } finally {
      await dialect.unlockKey(conn, 'job', name);
    }
  });
}
