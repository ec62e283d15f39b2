import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

export type UserRow = UsersTable;

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  emailVerified: boolean;
  marketingConsent: boolean;
  timezone: string;
  weekStartDay: number;
  preferences: Record<string, unknown>;
  /** Emails that are always admins (ADMIN_EMAILS). */
  adminEmails: string[];
  /** The first account on an empty server is an admin (outside production only). */
  firstIsAdmin: boolean;
  /** The Google account id (`sub`) the account is linked to from the start (a sign-up through Google). */
  googleAccount?: string;
  /** An unverified account on the same email is deleted in the same transaction (the caller proved the mailbox). */
  replaceUnverified?: boolean;
}

export interface Created {
  user: UserRow;
  /** The id of the unverified account that was replaced, if any. */
  replaced: string | null;
}

/** SQL for the `users` table. The auth module creates accounts and checks credentials through it. */
export function usersRepository(db: Kysely<Database>) {
  return {
    findById: (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByEmail: (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst(),

    /** The account linked to this Google account id (`sub`), if any. */
    findByGoogleAccount: (sub: string) => db.selectFrom('users').selectAll().where('google_account', '=', sub).executeTakeFirst(),

    /**
     * Insert an account. Every ADMIN_EMAILS address is an admin, and with `firstIsAdmin` the first account on an
     * empty server; counting and inserting in one transaction keeps two simultaneous first sign-ups from both
     * becoming admin.
     */
    create(input: NewUser): Promise<Created> {
      return db.transaction().execute(async (trx: Transaction<Database>) => {
        const squatter = input.replaceUnverified
          ? await trx
              .deleteFrom('users')
              .where('email', '=', input.email)
              .where('email_verified', '=', 0)
              .returning('id')
              .executeTakeFirst()
          : undefined;
        const { n } = await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        const now = new Date().toISOString();
        const row: UserRow = {
          id: newId(),
          email: input.email,
          name: input.name,
          password_hash: input.passwordHash,
          email_verified: input.emailVerified ? 1 : 0,
          marketing_consent: input.marketingConsent ? 1 : 0,
          accepted_terms_at: now,
          role: (input.firstIsAdmin && Number(n) === 0) || input.adminEmails.includes(input.email) ? 'admin' : 'user',
          disabled: 0,
          timezone: input.timezone,
          week_start_day: input.weekStartDay,
          clock_mode: '12h',
          brainrot_enabled: 0,
          preferences: JSON.stringify(input.preferences),
          google_account: input.googleAccount ?? null,
          telegram_account: null,
          created_at: now,
          updated_at: now,
          last_active_at: now,
        };
        await trx.insertInto('users').values(row).execute();
        return { user: row, replaced: squatter?.id ?? null };
      });
    },

    /** ADMIN_EMAILS applied to existing accounts (at start-up): those addresses become admins. */
    async promoteAdmins(emails: string[]): Promise<number> {
      if (!emails.length) return 0;
      const res = await db
        .updateTable('users')
        .set({ role: 'admin', updated_at: new Date().toISOString() })
        .where('email', 'in', emails)
        .where('role', '!=', 'admin')
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    async update(id: string, patch: Omit<Updateable<UsersTable>, 'id' | 'updated_at'>): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...patch, updated_at: new Date().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async touchActivity(id: string): Promise<void> {
      await db.updateTable('users').set({ last_active_at: new Date().toISOString() }).where('id', '=', id).execute();
    },

    /** Deletes the account; sessions, entities and sync state go with it through ON DELETE CASCADE. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;

/** True for SQLite's (and PostgreSQL's) unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
