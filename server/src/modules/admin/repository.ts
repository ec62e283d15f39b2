import { sql, type Kysely } from 'kysely';
import {
  ADMIN_COUNTED_TYPES,
  ADMIN_USERS_PAGE_SIZE,
  type AdminCountedType,
  type AdminUser,
  type AdminUsersPage,
} from '@adhd/shared/admin/schema';
import type { Database, UsersTable } from '../../db/schema.js';

type UserListRow = Pick<UsersTable, 'id' | 'name' | 'email' | 'role' | 'email_verified' | 'disabled' | 'created_at' | 'last_active_at'>;

const COLUMNS = ['id', 'name', 'email', 'role', 'email_verified', 'disabled', 'created_at', 'last_active_at'] as const;

/** `%`, `_` and the escape character itself are matched literally (the LIKE uses `ESCAPE '\'`). */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const emptyCounts = (): Record<AdminCountedType, number> =>
  Object.fromEntries(ADMIN_COUNTED_TYPES.map((t) => [t, 0])) as Record<AdminCountedType, number>;

function toAdminUser(row: UserListRow, counts = emptyCounts()): AdminUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    emailVerified: row.email_verified === 1,
    disabled: row.disabled === 1,
    createdAt: row.created_at,
    lastActiveAt: row.last_active_at,
    counts,
  };
}

/** SQL of the admin user list: search, paging and each listed user's live item counts. */
export function adminUsersRepository(db: Kysely<Database>) {
  /** Live rows per counted type for these users, in one query. */
  async function countsFor(ids: string[]): Promise<Map<string, Record<AdminCountedType, number>>> {
    const out = new Map<string, Record<AdminCountedType, number>>(ids.map((id) => [id, emptyCounts()]));
    if (!ids.length) return out;
    const rows = await db
      .selectFrom('entities')
      .select(['user_id', 'type', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('user_id', 'in', ids)
      .where('deleted', '=', 0)
      .where('type', 'in', [...ADMIN_COUNTED_TYPES])
      .groupBy(['user_id', 'type'])
      .execute();
    for (const row of rows) {
      const counts = out.get(row.user_id);
      if (counts) counts[row.type as AdminCountedType] = Number(row.n);
    }
    return out;
  }

  return {
    async list(q: string | undefined, page: number): Promise<AdminUsersPage> {
      let query = db.selectFrom('users');
      const needle = q?.trim();
      if (needle) {
        const pattern = likePattern(needle);
        query = query.where((eb) =>
          eb.or([
            eb(sql<string>`lower(users.name)`, 'like', sql<string>`${pattern} escape '\\'`),
            eb(sql<string>`lower(users.email)`, 'like', sql<string>`${pattern} escape '\\'`),
          ]),
        );
      }
      const { n } = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      const rows = await query
        .select([...COLUMNS])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(ADMIN_USERS_PAGE_SIZE)
        .offset((page - 1) * ADMIN_USERS_PAGE_SIZE)
        .execute();
      const counts = await countsFor(rows.map((r) => r.id));
      return { data: rows.map((r) => toAdminUser(r, counts.get(r.id))), total: Number(n) };
    },

    async get(id: string): Promise<AdminUser | undefined> {
      const row = await db.selectFrom('users').select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return toAdminUser(row, (await countsFor([id])).get(id));
    },

    async update(id: string, patch: { role?: 'user' | 'admin'; disabled?: boolean }): Promise<void> {
      await db
        .updateTable('users')
        .set({
          ...(patch.role !== undefined ? { role: patch.role } : {}),
          ...(patch.disabled !== undefined ? { disabled: patch.disabled ? 1 : 0 } : {}),
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', id)
        .execute();
    },
  };
}
