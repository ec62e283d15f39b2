import { useMemo } from 'react';
import type { MutationError } from '@adhd/shared/sync/mutator';
import { tagIdFor, tagNameKey } from '@adhd/shared/tags/ids';
import { newRowId, useDbActions } from '../../../db/actions';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { useDb } from '../../../db/session';

export interface TagInput {
  name: string;
  color: string;
  description: string;
}

/** Why a tag write failed, for the screen to word: a duplicate name, a blank name, or anything else. */
export type TagWriteError = 'exists' | 'nameRequired' | 'failed';

export class TagWriteFailure extends Error {
  constructor(readonly reason: TagWriteError, cause?: unknown) {
    super(reason, { cause });
    this.name = 'TagWriteFailure';
  }
}

function classify(err: unknown): TagWriteFailure {
  // Compared by shape, not `instanceof`: the shared module can be loaded twice (source and build).
  const e = err as Partial<MutationError> | null;
  if (e?.name === 'MutationError') {
    if (e.code === 'EXISTS') return new TagWriteFailure('exists', err);
    if (e.code === 'VALIDATION' && e.details?.some((d) => d.field === 'name')) return new TagWriteFailure('nameRequired', err);
  }
  return new TagWriteFailure('failed', err);
}

/**
 * The id of a new tag: deterministic from the user and the name, so two offline devices that create the same
 * name converge on one tag. When that id is already taken by a tombstone or by a tag renamed since, a fresh
 * random id is used (shared/src/tags/ids.ts).
 */
export async function newTagId(db: AppDatabase, name: string): Promise<string> {
  const id = tagIdFor(db.userId, name);
  const existing = await db.tags.get(id);
  if (!existing) return id;
  const sameLiveTag = existing.deleted === 0 && tagNameKey(String(existing.data.name ?? '')) === tagNameKey(name);
  return sameLiveTag ? id : newRowId();
}

export async function createTag(db: AppDatabase, input: TagInput): Promise<string> {
  try {
    const id = await newTagId(db, input.name);
    await mutate(db, 'tag.create', { id, name: input.name.trim(), color: input.color, description: input.description });
    return id;
  } catch (err) {
    throw classify(err);
  }
}

export async function updateTag(db: AppDatabase, id: string, patch: Partial<TagInput>): Promise<void> {
  try {
    await mutate(db, 'tag.update', { id, ...patch, ...(patch.name !== undefined ? { name: patch.name.trim() } : {}) });
  } catch (err) {
    throw classify(err);
  }
}

/** Tombstones the tag and removes its id from every item that holds it. */
export async function deleteTag(db: AppDatabase, id: string): Promise<void> {
  try {
    await mutate(db, 'tag.delete', { id });
  } catch (err) {
    throw classify(err);
  }
}

/** Tag writes bound to the signed-in user's database; each throws a TagWriteFailure. */
export function useTagActions() {
  const ready = useDb() !== null;
  const actions = useDbActions(tagActions, () => new TagWriteFailure('failed'));
  return useMemo(() => ({ ready, ...actions }), [ready, actions]);
}

const tagActions = (need: () => AppDatabase) => ({
  create: (input: TagInput) => createTag(need(), input),
  update: (id: string, patch: Partial<TagInput>) => updateTag(need(), id, patch),
  remove: (id: string) => deleteTag(need(), id),
});
