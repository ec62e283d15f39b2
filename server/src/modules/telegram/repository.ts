import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newSecret, nowIso, sha256 } from '../../lib/ids.js';
import { writeTransaction } from '../../lib/transaction.js';
import type { Db } from '../sync/repository.js';
import { storedPreferences } from '../user/public-user.js';

/** SQL of the Telegram bot: link codes, the chat ↔ account links and the bot's own state (migration 0011). */

/** How long a link code works. */
export const CODE_TTL_MS = 10 * 60_000;

export interface Link {
  userId: string;
  chatId: string;
  username: string | null;
}

/**
 * A new single-use link code for the user (256 random bits, base64url: 43 characters, within Telegram's 64 for a
 * `/start` parameter). Only its SHA-256 is stored. The user's older codes stop working, and expired codes of
 * everyone are swept out on the way.
 */
export async function newLinkCode(db: Db, userId: string, now = new Date()): Promise<string> {
  const code = newSecret();
  await db
    .deleteFrom('telegram_codes')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<', now.toISOString())]))
    .execute();
  await db
    .insertInto('telegram_codes')
    .values({ code_hash: sha256(code), user_id: userId, expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(), used_at: null })
    .execute();
  return code;
}

export type Redeemed = { ok: true; userId: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Links `chatId` to the account whose code this is, in one transaction: the code is marked used (only once,
 * whatever else runs at the same time), the chat leaves any other account, and the account's previous chat is
 * replaced. An unknown, used or expired code links nothing.
 */
export async function redeemCode(
  db: Kysely<Database>,
  kind: 'sqlite' | 'postgres',
  code: string,
  chat: { chatId: string; username: string | null },
  now = new Date(),
): Promise<Redeemed> {
  return writeTransaction(db, kind, async (trx) => {
    const row = await trx.selectFrom('telegram_codes').selectAll().where('code_hash', '=', sha256(code)).executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.used_at !== null) return { ok: false, reason: 'used' } as const;
    if (row.expires_at <= now.toISOString()) return { ok: false, reason: 'expired' } as const;
    const taken = await trx
      .updateTable('telegram_codes')
      .set({ used_at: now.toISOString() })
      .where('code_hash', '=', row.code_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return { ok: false, reason: 'used' } as const;
    const previous = await trx.selectFrom('telegram_links').select('user_id').where('chat_id', '=', chat.chatId).executeTakeFirst();
    await trx.deleteFrom('telegram_links').where((eb) => eb.or([eb('chat_id', '=', chat.chatId), eb('user_id', '=', row.user_id)])).execute();
    await trx.insertInto('telegram_links').values({ user_id: row.user_id, chat_id: chat.chatId, username: chat.username, linked_at: nowIso() }).execute();
    if (previous && previous.user_id !== row.user_id) await markAccount(trx, previous.user_id, null);
    await markAccount(trx, row.user_id, chat.username ?? chat.chatId);
    return { ok: true, userId: row.user_id } as const;
  });
}

/** `users.telegram_account` (what the public user's `telegramLinked` reads): the linked username, or null. */
async function markAccount(db: Db, userId: string, account: string | null): Promise<void> {
  await db.updateTable('users').set({ telegram_account: account }).where('id', '=', userId).execute();
}

export async function linkOfUser(db: Db, userId: string): Promise<Link | undefined> {
  const row = await db.selectFrom('telegram_links').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row && { userId: row.user_id, chatId: row.chat_id, username: row.username };
}

export async function linkOfChat(db: Db, chatId: string): Promise<Link | undefined> {
  const row = await db.selectFrom('telegram_links').selectAll().where('chat_id', '=', chatId).executeTakeFirst();
  return row && { userId: row.user_id, chatId: row.chat_id, username: row.username };
}

/** Removes the user's link (and unused codes); answers whether there was one. */
export async function unlinkUser(db: Kysely<Database>, kind: 'sqlite' | 'postgres', userId: string): Promise<boolean> {
  return writeTransaction(db, kind, async (trx) => {
    const gone = await trx.deleteFrom('telegram_links').where('user_id', '=', userId).executeTakeFirst();
    await trx.deleteFrom('telegram_codes').where('user_id', '=', userId).execute();
    await markAccount(trx, userId, null);
    return Number(gone.numDeletedRows) > 0;
  });
}

/** Removes the chat's link (`/unlink` in the chat); answers the account it belonged to, if any. */
export async function unlinkChat(db: Kysely<Database>, kind: 'sqlite' | 'postgres', chatId: string): Promise<string | undefined> {
  return writeTransaction(db, kind, async (trx) => {
    const link = await linkOfChat(trx, chatId);
    if (!link) return undefined;
    await trx.deleteFrom('telegram_links').where('chat_id', '=', chatId).execute();
    await markAccount(trx, link.userId, null);
    return link.userId;
  });
}

/** The user's preferred language for the bot's answers (the `locale` preference), en when unknown. */
export async function userLocale(db: Db, userId: string): Promise<'en' | 'ru'> {
  const row = await db.selectFrom('users').select('preferences').where('id', '=', userId).executeTakeFirst();
  return row && storedPreferences(row).locale === 'ru' ? 'ru' : 'en';
}

export async function readState(db: Db, key: string): Promise<string | undefined> {
  return (await db.selectFrom('telegram_state').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function writeState(db: Db, key: string, value: string): Promise<void> {
  await db.insertInto('telegram_state').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}

/** The stored value of `key`, made by `make` and stored first when there is none (the same for every instance). */
export async function stateOrCreate(db: Db, key: string, make: () => string): Promise<string> {
  await db.insertInto('telegram_state').values({ key, value: make() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return (await readState(db, key))!;
}
