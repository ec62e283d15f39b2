import { uuidV5 } from '../sync/uuid-v5.js';

/** The namespace of tag ids. Fixed forever: changing it would give every tag name a new id. */
export const TAG_ID_NAMESPACE = '0a7366cf-2adb-4fcc-9594-f536f2a69719';

/** The form of a tag name that decides whether two names are the same tag (trimmed, lower-case). */
export const tagNameKey = (name: string): string => name.trim().toLowerCase();

/**
 * The id of a new tag: UUIDv5 of `userId|lower(trim(name))` (design/sync.md §3), so two offline devices that
 * create the same name converge on one tag. If that id is already taken (a tombstone, or a live tag that was
 * renamed since), use a fresh random id instead: `tag.create` refuses an existing id.
 */
export const tagIdFor = (userId: string, name: string): string => uuidV5(`${userId}|${tagNameKey(name)}`, TAG_ID_NAMESPACE);
