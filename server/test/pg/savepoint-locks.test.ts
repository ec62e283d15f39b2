import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { useServerTest } from '../kit.js';

describe('PostgreSQL row locks and savepoints (what group commit relies on, src/lib/group-commit.ts)', () => {
  const t = useServerTest({ user: false });

  /** Whether another connection finds the row of `id` locked (FOR UPDATE NOWAIT fails with 55P03). */
  const lockedElsewhere = async (id: string) =>
    t.app.db
      .transaction()
      .execute(async (other) => {
        await sql`select id from sp_t where id = ${id} for update nowait`.execute(other);
        return false;
      })
      .catch((err: { code?: string }) => {
        if (err.code === '55P03') return true;
        throw err;
      });

  it('a lock taken before a savepoint survives ROLLBACK TO SAVEPOINT; one taken inside it does not', async () => {
    await sql`create table sp_t (id text primary key)`.execute(t.app.db);
    await sql`insert into sp_t (id) values ('before'), ('inside')`.execute(t.app.db);
    const seen = await t.app.db.transaction().execute(async (trx: Kysely<Database>) => {
      await sql`select id from sp_t where id = 'before' for update`.execute(trx);
      await sql`savepoint s`.execute(trx);
      await sql`select id from sp_t where id = 'inside' for update`.execute(trx);
      await sql`rollback to s`.execute(trx);
      await sql`release s`.execute(trx);
      return { before: await lockedElsewhere('before'), inside: await lockedElsewhere('inside') };
    });
    expect(seen).toEqual({ before: true, inside: false });
  });
});
