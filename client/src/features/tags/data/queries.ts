import { TAGGABLE_TYPES } from '@adhd/shared/tags/schema';
import { useMemo } from 'react';
import type { AppDatabase } from '../../../db/database';
import type { EntityRow } from '../../../db/entity-rows';
import type { LiveIndex } from '../../../db/live-index';
import { liveEntity } from '../../../db/live-entities';
import type { LiveTable } from '../../../db/live-table';
import { useDb } from '../../../db/session';
import { useLive, useLiveSelect } from '../../../db/use-live';

/** A live tag as the screens see it: the row as the shared tag schema outputs it. */
export type Tag = EntityRow<'tag'>;

const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
const sorted = (tags: Tag[]) => [...tags].sort(byName);
const byId = (tags: Tag[]) => new Map(tags.map((t) => [t.id, t]));

/**
 * The live tags, one live table per database shared by every hook below (a task list shows a chip list per
 * row): each derived list is computed once per change, however many rows ask.
 */
function useLiveTags() {
  const db = useDb();
  return db ? liveEntity(db, 'tag') : null;
}

/** Every live tag, sorted by name; `undefined` while the local database is still being read. */
export function useTags(): Tag[] | undefined {
  return useLiveSelect(useLiveTags(), sorted);
}

/** Live tags by id; `undefined` while loading. */
export function useTagMap(): Map<string, Tag> | undefined {
  return useLiveSelect(useLiveTags(), byId);
}

/** The live table of each taggable entity type, and its index of rows by tag. */
type Tagged = { tags: readonly string[] };
const usageIndexes = new WeakMap<AppDatabase, { tables: LiveTable<Tagged>[]; indexes: LiveIndex<Tagged>[] }>();

function taggedTables(db: AppDatabase) {
  let entry = usageIndexes.get(db);
  if (!entry) {
    // Each taggable type's rows carry `tags` (their schemas' tag lists); only that is read here.
    const tables = TAGGABLE_TYPES.map((type) => liveEntity(db, type) as unknown as LiveTable<Tagged>);
    entry = { tables, indexes: tables.map((t) => t.index((item) => item.tags)) };
    usageIndexes.set(db, entry);
  }
  return entry;
}

/**
 * How many live items (tasks, notes, habits, events) hold each tag, from the live tables' by-tag indexes.
 * `undefined` while loading; a tag no item holds is absent from the map.
 */
export function useTagUsage(): Map<string, number> | undefined {
  const db = useDb();
  const entry = db ? taggedTables(db) : null;
  const tables = entry?.tables;
  const tasks = useLive(tables?.[0] ?? null);
  const notes = useLive(tables?.[1] ?? null);
  const habits = useLive(tables?.[2] ?? null);
  const events = useLive(tables?.[3] ?? null);
  return useMemo(() => {
    if (!entry || !tasks || !notes || !habits || !events) return undefined;
    const counts = new Map<string, number>();
    for (const index of entry.indexes) for (const [tag, items] of index.entries()) counts.set(tag, (counts.get(tag) ?? 0) + items.size);
    return counts;
  }, [entry, tasks, notes, habits, events]);
}
