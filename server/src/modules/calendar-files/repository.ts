import { withEventDefaults, type EventData } from '@adhd/shared/events/schema';
import { newSecret, nowIso, sha256 } from '../../lib/ids.js';
import { listLive, type Db } from '../sync/repository.js';
import type { IcsEvent } from './types.js';

/** SQL of calendar files: the user's events and tag names for an export, and the private feed's token. */

/** A stored event as the export reads it: the shared event data with its id and times. */
export type StoredEvent = EventData & Pick<IcsEvent, '_id' | 'createdAt' | 'updatedAt'>;

/**
 * The user's live events that belong in a calendar file: every event but task-sourced ones (tasks are shown as
 * events only in range answers; they are not stored as events, and a stored one would be a task's copy).
 */
export async function readEvents(db: Db, userId: string): Promise<StoredEvent[]> {
  const rows = await listLive(db, userId, 'event');
  return rows
    .map((r) => ({ ...withEventDefaults(JSON.parse(r.data) as EventData), _id: r.id, createdAt: r.created_at, updatedAt: r.updated_at }))
    .filter((e) => e.source !== 'task');
}

/** Tag id → name of the user's live tags (CATEGORIES). */
export async function readTagNames(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await listLive(db, userId, 'tag');
  return new Map(rows.map((r) => [r.id, String((JSON.parse(r.data) as { name?: unknown }).name ?? '')]));
}

/** The feed's owner, by the token from its URL (only the token's SHA-256 is stored). */
export async function feedOwner(db: Db, token: string): Promise<string | undefined> {
  const row = await db.selectFrom('calendar_feeds').select('user_id').where('token_hash', '=', sha256(token)).executeTakeFirst();
  return row?.user_id;
}

export async function findFeed(db: Db, userId: string): Promise<{ createdAt: string } | undefined> {
  const row = await db.selectFrom('calendar_feeds').select('created_at').where('user_id', '=', userId).executeTakeFirst();
  return row && { createdAt: row.created_at };
}

/** A new feed token for the user (256 random bits), replacing the previous one, which stops working. */
export async function rotateFeed(db: Db, userId: string): Promise<string> {
  const token = newSecret();
  const row = { user_id: userId, token_hash: sha256(token), created_at: nowIso() };
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: row.token_hash, created_at: row.created_at }))
    .execute();
  return token;
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
}
