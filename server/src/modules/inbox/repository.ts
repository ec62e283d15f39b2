import type { InboxData, InboxItem } from '@adhd/shared/inbox/schema';
import { apiJson, toApi } from '../../lib/api-row.js';
import { findEntity, listLive, type Db, type ReadRow } from '../sync/repository.js';

/** Reads of inbox items as the API answers them (`{ _id, text, source, createdAt, updatedAt, version }`). */

export const toInboxItem = (row: ReadRow): InboxItem => toApi<InboxData>(row);

/** Newest capture first (ties by id, descending), the order the client's list shows. */
const newestFirst = (a: ReadRow, b: ReadRow): number =>
  a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;

/** The JSON of the user's live items, newest first. Items are small (10 000 characters at most): one read. */
export async function inboxJsons(db: Db, userId: string): Promise<string[]> {
  const rows = await listLive(db, userId, 'inbox');
  return rows.sort(newestFirst).map((r) => apiJson(r));
}

export async function getInboxItem(db: Db, userId: string, id: string): Promise<InboxItem | null> {
  const row = await findEntity(db, userId, 'inbox', id);
  return row && !row.deleted ? toInboxItem(row) : null;
}

/** The item as stored, a removed one too (a conversion answers the item it just removed). */
export async function getInboxRow(db: Db, userId: string, id: string): Promise<InboxItem | null> {
  const row = await findEntity(db, userId, 'inbox', id);
  return row ? toInboxItem(row) : null;
}
