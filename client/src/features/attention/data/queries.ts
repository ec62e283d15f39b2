import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import type { AppDatabase, AttentionEntry } from '../../../db/database';

/**
 * The "needs attention" list (db/attention.ts fills it), oldest first, live; undefined while loading. It is
 * read in the app bar, outside any error boundary: a database closed for another tab's upgrade (db/upgrade.ts)
 * reads as an empty list rather than taking the whole app down with it. Dexie's own `liveQuery` rather than
 * dexie-react-hooks: the app bar is in every first paint, and the hooks package is not (metric 15).
 */
export function useAttention(db: AppDatabase | null): AttentionEntry[] | undefined {
  const [entries, setEntries] = useState<AttentionEntry[] | undefined>(undefined);
  useEffect(() => {
    if (!db) {
      setEntries([]);
      return;
    }
    // Oldest first; refusals of the same moment in the order the changes were made (their outbox ids).
    const byAt = (a: AttentionEntry, b: AttentionEntry) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.mutationId - b.mutationId);
    const read = () =>
      db._attention
        .orderBy('at')
        .toArray()
        .then((rows) => rows.sort(byAt))
        .catch((): AttentionEntry[] => []);
    const subscription = liveQuery(read).subscribe({ next: setEntries, error: () => setEntries([]) });
    return () => subscription.unsubscribe();
  }, [db]);
  return entries;
}
