import { createArgs, idArgs, patchArgs } from '../sync/args.js';
import { defineMutator, definedFields, MutationError, type MutationTx, type StoredRow } from '../sync/mutator.js';
import { messageFor } from '../validation/messages.js';
import { tagNameKey } from './ids.js';
import { TAGGABLE_TYPES, tagCreateSchema, tagPatchSchema, tagRefSchema } from './schema.js';

type TaggableType = (typeof TAGGABLE_TYPES)[number];

/** What is stored for a tag (the row's data). The usage count is derived on read. */
export interface TagData {
  name: string;
  color: string;
  description: string;
}

/** The most tag ids an item holds (the `tags` field of tasks accepts at most 200). */
export const MAX_TAGS_PER_ITEM = 200;


const tagExists = () => new MutationError('EXISTS', 'Tag already exists');

async function liveTag(tx: MutationTx, id: string) {
  const row = await tx.get<TagData>('tag', id);
  if (!row || row.deleted) throw new MutationError('NOT_FOUND', 'Tag not found');
  return row;
}

async function liveItem(tx: MutationTx, type: TaggableType, id: string) {
  const row = await tx.get(type, id);
  if (!row || row.deleted) throw new MutationError('NOT_FOUND', 'Item not found');
  return row;
}

/** The tag ids an item holds; rows written before a type had tags count as none. */
export const tagsOf = (row: StoredRow): string[] =>
  Array.isArray(row.data.tags) ? row.data.tags.filter((t): t is string => typeof t === 'string') : [];

/** Refuse a name that another live tag already has, ignoring case and surrounding spaces. */
async function assertNameFree(tx: MutationTx, name: string, exceptId: string) {
  const key = tagNameKey(name);
  for (const tag of await tx.all('tag')) {
    if (tag.id !== exceptId && tagNameKey(String(tag.data.name)) === key) throw tagExists();
  }
}

export const tagCreate = defineMutator(createArgs(tagCreateSchema), (a) => [['tag', a.id]], async (tx, { id, ...fields }) => {
  if (await tx.get('tag', id)) throw tagExists();
  await assertNameFree(tx, fields.name, id);
  const data: TagData = { ...fields };
  await tx.put('tag', id, { ...data });
});

export const tagUpdate = defineMutator(patchArgs(tagPatchSchema), (a) => [['tag', a.id]], async (tx, { id, ...patch }) => {
  const row = await liveTag(tx, id);
  if (patch.name !== undefined) await assertNameFree(tx, patch.name, id);
  const changes = definedFields(patch);
  await tx.put('tag', id, { ...row.data, ...changes });
});

/**
 * Tombstones the tag and takes its id out of every live item that holds it, in the same transaction. Costs the
 * items that hold the tag (`MutationTx.withTag`), not every item.
 */
export const tagDelete = defineMutator(idArgs, (a) => [['tag', a.id]], async (tx, { id }) => {
  await liveTag(tx, id);
  for (const type of TAGGABLE_TYPES) {
    for (const item of await tx.withTag(type, id)) {
      await tx.put(type, item.id, { ...item.data, tags: tagsOf(item).filter((t) => t !== id) });
    }
  }
  await tx.remove('tag', id);
});

/**
 * An intent on the item's `tags` array, the one source of truth for references: re-applied to the array as
 * it is when the mutation arrives, so adds from two devices merge. Adding a tag the item has is a no-op.
 */
export const tagRefAdd = defineMutator(tagRefSchema, (a) => [['tag', a.tagId], [a.itemType, a.itemId]], async (tx, { tagId, itemId, itemType }) => {
  await liveTag(tx, tagId);
  const item = await liveItem(tx, itemType, itemId);
  const tags = tagsOf(item);
  if (tags.includes(tagId)) return;
  if (tags.length >= MAX_TAGS_PER_ITEM) {
    throw new MutationError('VALIDATION', 'Too many tags', [{ field: 'tags', key: 'validation.tooMany', message: messageFor('validation.tooMany') }]);
  }
  await tx.put(itemType, itemId, { ...item.data, tags: [...tags, tagId] });
});

/** Removes the tag id from the item's `tags`; a tag the item does not hold (or that is gone) is a no-op. */
export const tagRefRemove = defineMutator(tagRefSchema, (a) => [[a.itemType, a.itemId]], async (tx, { tagId, itemId, itemType }) => {
  const item = await liveItem(tx, itemType, itemId);
  const tags = tagsOf(item);
  if (!tags.includes(tagId)) return;
  await tx.put(itemType, itemId, { ...item.data, tags: tags.filter((t) => t !== tagId) });
});

export const tagMutators = {
  'tag.create': tagCreate,
  'tag.update': tagUpdate,
  'tag.delete': tagDelete,
  'tagRef.add': tagRefAdd,
  'tagRef.remove': tagRefRemove,
};
