import { TAGGABLE_TYPES, type TagRef } from '@adhd/shared/tags/schema';
import type { TagData } from '@adhd/shared/tags/mutators';
import { toApi, type ApiStamps } from '../../lib/api-row.js';
import { findEntities, findEntity, listLive, type Db, type ReadRow } from '../sync/repository.js';
import { countTagRefs, findTagRefs, tagIdsIn } from '../sync/tag-refs.js';

/**
 * Reads of tags and tag references as the API answers them. References are not stored rows: they are read
 * from the `tags` arrays of the user's live tasks, notes, habits and events, and usage counts are derived.
 */

export type ItemType = (typeof TAGGABLE_TYPES)[number];

export type Tag = ApiStamps & TagData & { usageCount: number };

const toTag = (row: ReadRow, usageCount: number): Tag => toApi<TagData, { usageCount: number }>(row, { usageCount });

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The user's live tags sorted by name, each with its usage count (one query for tags, one for items). */
export async function listTags(db: Db, userId: string): Promise<Tag[]> {
  const rows = await listLive(db, userId, 'tag');
  const counts = await countTagRefs(db, userId);
  return rows
    .map((r) => toTag(r, counts.get(r.id) ?? 0))
    .sort((a, b) => byName.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a._id < b._id ? -1 : 1));
}

/** A live tag, or null when it is unknown, deleted or another user's. */
export async function getTag(db: Db, userId: string, id: string): Promise<Tag | null> {
  const row = await findEntity(db, userId, 'tag', id);
  if (!row || row.deleted) return null;
  return toTag(row, await usageCount(db, userId, id));
}

/** How many live items of the taggable types hold the tag. */
export async function usageCount(db: Db, userId: string, tagId: string): Promise<number> {
  return (await findTagRefs(db, userId, { tagId })).length;
}

/** References of one tag, optionally only to items of one type. */
export async function refsByTag(db: Db, userId: string, tagId: string, itemType?: ItemType): Promise<TagRef[]> {
  const refs = await findTagRefs(db, userId, { tagId, ...(itemType ? { itemType } : {}) });
  return refs.map((r) => ({ tagId, itemId: r.item_id, itemType: r.item_type as ItemType }));
}

/**
 * References of one live item, in the order of its `tags` array, to live tags only (an offline edit may have
 * left the id of a deleted tag behind); null when the item is unknown or deleted.
 */
export async function refsByItem(db: Db, userId: string, itemId: string, itemType: ItemType): Promise<TagRef[] | null> {
  const row = await findEntity(db, userId, itemType, itemId);
  if (!row || row.deleted) return null;
  const ids = tagIdsIn(row.data);
  const live = new Set((await findEntities(db, userId, 'tag', ids)).filter((t) => t.deleted === 0).map((t) => t.id));
  return ids.filter((id) => live.has(id)).map((tagId) => ({ tagId, itemId, itemType }));
}

/** Whether the user has a row with this id of this type, tombstones included. */
export async function tagIdTaken(db: Db, userId: string, id: string): Promise<boolean> {
  return (await findEntity(db, userId, 'tag', id)) !== undefined;
}

/** Whether the user has a live row of this type with this id. */
export async function isLive(db: Db, userId: string, type: 'tag' | ItemType, id: string): Promise<boolean> {
  const row = await findEntity(db, userId, type, id);
  return !!row && row.deleted === 0;
}
