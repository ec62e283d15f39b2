import { useCallback, useEffect, useState } from 'react';
import { useSyncing } from '../../../db/sync-state';
import { useTagMap, type Tag } from '../data/queries';
import { useRefreshWhenMissing } from '../data/refresh';

/** How long after a selector or chip list appears an id missing locally still counts as "not yet synced". */
export const UNKNOWN_TAG_GRACE_MS = 3000;

/** A tag id as it can be shown: found, possibly still arriving with the sync, or unknown. */
export type TagLookup = { state: 'ready'; tag: Tag } | { state: 'loading' } | { state: 'unknown' };

/**
 * Resolves tag ids against the local tags table (SPEC section 8: 'Loading tag...' for a tag not yet loaded,
 * 'Unknown tag' for an invalid one). A missing id reads as loading while the local database is read, while a
 * sync runs, and for a short grace period in which the initial sync may still bring it. Ids of `shown` that
 * are missing ask the sync engine for a refresh.
 */
export function useTagLookup(shown: readonly string[] = []): (id: string) => TagLookup {
  const tags = useTagMap();
  const missing = tags ? shown.filter((id) => !tags.has(id)).join(',') : '';
  useRefreshWhenMissing(missing);
  // The sync state matters only for an id not known yet (it shows as loading while a sync runs).
  const syncing = useSyncing(missing !== '');
  // The grace period runs from the first render; a timer re-renders at its end only when an id is missing,
  // so a list of chips whose tags are all known is never rendered again for it.
  const [since] = useState(() => Date.now());
  const [, ended] = useState(false);
  useEffect(() => {
    const left = since + UNKNOWN_TAG_GRACE_MS - Date.now();
    if (!missing || left <= 0) return;
    const timer = setTimeout(() => ended(true), left);
    return () => clearTimeout(timer);
  }, [missing, since]);
  const waiting = tags === undefined || syncing || Date.now() < since + UNKNOWN_TAG_GRACE_MS;
  return useCallback(
    (id: string): TagLookup => {
      const tag = tags?.get(id);
      if (tag) return { state: 'ready', tag };
      return waiting ? { state: 'loading' } : { state: 'unknown' };
    },
    [tags, waiting],
  );
}
