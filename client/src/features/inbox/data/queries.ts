import type { AppDatabase } from '../../../db/database';
import { decoders, type EntityRow } from '../../../db/entity-rows';
import { liveEntity } from '../../../db/live-entities';
import { useDb } from '../../../db/session';
import { useLiveSelect } from '../../../db/use-live';

/** A live inbox item as the screens see it: `{ id, text, source, createdAt, updatedAt }`. */
export type InboxItem = EntityRow<'inbox'>;

/** A stored row as an inbox item (null for a row the schema refuses). */
export const toInboxItem = decoders.inbox;

/** The live inbox items of `db` (unordered: the hooks sort). */
export const liveInbox = (db: AppDatabase) => liveEntity(db, 'inbox');

/** Newest first: by creation time, then by id so equal times keep one order. */
export function newestFirst(items: readonly InboxItem[]): InboxItem[] {
  return [...items].sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

const countOf = (items: readonly InboxItem[]): number => items.length;

/** Every live inbox item, newest first, kept current by the live table; `undefined` while loading. */
export function useInboxItems(): InboxItem[] | undefined {
  const db = useDb();
  return useLiveSelect(db ? liveInbox(db) : null, newestFirst);
}

/** How many items wait in the inbox (the navigation badge); 0 while loading or signed out. */
export function useInboxCount(): number {
  const db = useDb();
  return useLiveSelect(db ? liveInbox(db) : null, countOf) ?? 0;
}
