import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, EmailCodesTable } from '../../db/schema.js';
import { newId, newSecret, sha256 } from '../../lib/ids.js';

/** ASVS 6.5.5: a code or reset link lives at most 10 minutes. */
export const CODE_TTL_MS = 10 * 60_000;
/** A new code for the same email no sooner than this. */
export const RESEND_AFTER_MS = 60_000;
/** Checks per code; the sixth is refused even with the right code. */
export const MAX_CODE_ATTEMPTS = 5;
/** After a code was checked before the account exists, `register` may finish within this time (CONTRACT.md). */
export const REGISTRATION_PROOF_MS = 30 * 60_000;
/** Rows older than this are pruned. */
const KEEP_MS = 24 * 3600_000;

export type CodePurpose = EmailCodesTable['purpose'];
export type EmailCodeRow = EmailCodesTable;

/** A 6-digit code from the CSPRNG (ASVS 6.5.3, 6.5.4: ~20 bits). */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Only this digest is stored; the row id salts it so equal codes never share a digest. */
const codeDigest = (rowId: string, code: string) => sha256(`${rowId}:${code}`);

const iso = (ms: number) => new Date(ms).toISOString();

function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** SQL for `email_codes`: verification codes (register, verify) and password-reset links (reset). */
export function emailCodesRepository(db: Kysely<Database>) {
  async function insert(email: string, purpose: CodePurpose, digest: (id: string) => string, ttlMs: number) {
    const now = Date.now();
    const id = newId();
    await db.transaction().execute(async (trx) => {
      // Only the newest code or link of a kind works: issuing one retires the older ones (a registration proof
      // already handed out stays, so asking for a code to someone's address cannot cancel their registration).
      const kinds: CodePurpose[] = purpose === 'reset' ? ['reset'] : ['register', 'verify'];
      await trx
        .deleteFrom('email_codes')
        .where('email', '=', email)
        .where('purpose', 'in', kinds)
        .where('verified_at', 'is', null)
        .execute();
      await trx.deleteFrom('email_codes').where('created_at', '<', iso(now - KEEP_MS)).execute();
      await trx
        .insertInto('email_codes')
        .values({
          id,
          email,
          purpose,
          code_hash: digest(id),
          attempts: 0,
          created_at: iso(now),
          expires_at: iso(now + ttlMs),
          consumed_at: null,
          verified_at: null,
        })
        .execute();
    });
  }

  return {
    /** A new verification code for an email; answers the code to mail. */
    async issueCode(email: string, purpose: 'register' | 'verify'): Promise<string> {
      const code = newCode();
      await insert(email, purpose, (id) => codeDigest(id, code), CODE_TTL_MS);
      return code;
    },

    /**
     * Check a code against the newest live code of the given purposes. Every check counts as an attempt
     * (counted before comparing, atomically), so no code is ever compared more than five times.
     */
    async checkCode(email: string, purposes: CodePurpose[], code: string): Promise<EmailCodeRow | null> {
      const row = await db
        .selectFrom('email_codes')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', 'in', purposes)
        .where('consumed_at', 'is', null)
        .where('verified_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row || row.expires_at <= iso(Date.now()) || row.attempts >= MAX_CODE_ATTEMPTS) return null;
      const counted = await db
        .updateTable('email_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', row.id)
        .where('attempts', '<', MAX_CODE_ATTEMPTS)
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) return null;
      return sameDigest(codeDigest(row.id, code), row.code_hash) ? row : null;
    },

    /** Use a code or link up; false when it was already used (a concurrent request won). */
    async consume(id: string): Promise<boolean> {
      const res = await db
        .updateTable('email_codes')
        .set({ consumed_at: iso(Date.now()) })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /**
     * A code was checked before the account exists: turn its row into the registration proof that `register`
     * must present. Answers a new secret (256 bits) that only the caller of verify-email learns; the row keeps
     * its SHA-256 instead of the code's digest, lives 30 minutes and is used up by `register`.
     */
    async proveRegistration(id: string): Promise<string> {
      const token = newSecret();
      const now = Date.now();
      await db
        .updateTable('email_codes')
        .set({ code_hash: sha256(token), verified_at: iso(now), expires_at: iso(now + REGISTRATION_PROOF_MS) })
        .where('id', '=', id)
        .execute();
      return token;
    },

    /** The live registration proof of this email and secret, or undefined. */
    findRegistrationProof(email: string, token: string) {
      return db
        .selectFrom('email_codes')
        .selectAll()
        .where('email', '=', email)
        .where('code_hash', '=', sha256(token))
        .where('verified_at', 'is not', null)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', iso(Date.now()))
        .executeTakeFirst();
    },

    /** A new password-reset secret (256 bits); only its SHA-256 is stored. */
    async issueResetToken(email: string): Promise<string> {
      const token = newSecret();
      await insert(email, 'reset', () => sha256(token), CODE_TTL_MS);
      return token;
    },

    /** The live reset row for a link's secret, or undefined when unknown, used or expired. */
    findResetToken(token: string) {
      return db
        .selectFrom('email_codes')
        .selectAll()
        .where('code_hash', '=', sha256(token))
        .where('purpose', '=', 'reset')
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', iso(Date.now()))
        .executeTakeFirst();
    },

    async deleteFor(email: string, purposes?: CodePurpose[]): Promise<void> {
      let q = db.deleteFrom('email_codes').where('email', '=', email);
      if (purposes) q = q.where('purpose', 'in', purposes);
      await q.execute();
    },
  };
}

export type EmailCodesRepository = ReturnType<typeof emailCodesRepository>;
