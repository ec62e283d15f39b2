import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { TAGGABLE_TYPES } from '@adhd/shared/tags/schema';
import type { TagData } from '@adhd/shared/tags/mutators';
import { TABLE_OF, type LocalRow } from '../../../db/database';
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

/** Every live tag, sorted by name; `undefined` while the local database is still being read. */
export function useTags(): Tag[] | undefined {
  const db = useDb();
  return useLiveQuery(
    async () => (db ? (await db.tags.where('deleted').equals(0).toArray()).map(toTag).sort(byName) : undefined),
    [db],
  );
}

/** Live tags by id; `undefined` while loading. */
export function useTagMap(): Map<string, Tag> | undefined {
  const tags = useTags();
  return useMemo(() => (tags ? new Map(tags.map((t) => [t.id, t])) : undefined), [tags]);
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
