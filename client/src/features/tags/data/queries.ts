import { liveQuery, type Subscription } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useSyncExternalStore } from 'react';
import { TAGGABLE_TYPES } from '@adhd/shared/tags/schema';
import type { TagData } from '@adhd/shared/tags/mutators';
import { TABLE_OF, type AppDatabase, type LocalRow } from '../../../db/database';
import { useDb } from '../../../db/session';

/** A live tag as the screens see it. */
export interface Tag extends TagData {
  id: string;
}

const toTag = (row: LocalRow): Tag => ({
  id: row.id,
  name: String(row.data.name ?? ''),
  color: String(row.data.color ?? ''),
  description: String(row.data.description ?? ''),
});

const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * One live read of the tags table per database, shared by every hook below. A task list shows a chip list
 * per row; each holding its own live query cost a transaction per row on every mount and every change.
 * The last value stays cached after the last subscriber leaves, so a screen that mounts later starts from it
 * while the live query runs again.
 */
interface SharedTags {
  tags: Tag[] | undefined;
  map: Map<string, Tag> | undefined;
  listeners: Set<() => void>;
  subscription: Subscription | null;
}

const shared = new WeakMap<AppDatabase, SharedTags>();

function sharedTags(db: AppDatabase): SharedTags {
  let entry = shared.get(db);
  if (!entry) {
    entry = { tags: undefined, map: undefined, listeners: new Set(), subscription: null };
    shared.set(db, entry);
  }
  return entry;
}

function subscribeTags(db: AppDatabase, listener: () => void): () => void {
  const entry = sharedTags(db);
  entry.listeners.add(listener);
  entry.subscription ??= liveQuery(async () => (await db.tags.where('deleted').equals(0).toArray()).map(toTag).sort(byName)).subscribe({
    next: (tags) => {
      entry.tags = tags;
      entry.map = new Map(tags.map((t) => [t.id, t]));
      for (const l of [...entry.listeners]) l();
    },
    error: (err: unknown) => console.error('tags query failed', err),
  });
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size === 0) {
      entry.subscription?.unsubscribe();
      entry.subscription = null;
    }
  };
}

function useSharedTags<T>(pick: (entry: SharedTags) => T | undefined): T | undefined {
  const db = useDb();
  const subscribe = useCallback((listener: () => void) => (db ? subscribeTags(db, listener) : () => undefined), [db]);
  return useSyncExternalStore(subscribe, () => (db ? pick(sharedTags(db)) : undefined));
}

/** Every live tag, sorted by name; `undefined` while the local database is still being read. */
export function useTags(): Tag[] | undefined {
  return useSharedTags((entry) => entry.tags);
}

/** Live tags by id; `undefined` while loading. */
export function useTagMap(): Map<string, Tag> | undefined {
  return useSharedTags((entry) => entry.map);
}

/**
 * How many live items (tasks, notes, habits, events) hold each tag, counted from the local database.
 * `undefined` while loading; a tag no item holds is absent from the map.
 */
export function useTagUsage(): Map<string, number> | undefined {
  const db = useDb();
  return useLiveQuery(async () => {
    if (!db) return undefined;
    const counts = new Map<string, number>();
    for (const type of TAGGABLE_TYPES) {
      for (const row of await db.table<LocalRow, string>(TABLE_OF[type]).toArray()) {
        const tags = row.data.tags;
        if (row.deleted || !Array.isArray(tags)) continue;
        for (const id of new Set(tags)) if (typeof id === 'string') counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
    return counts;
  }, [db]);
}
