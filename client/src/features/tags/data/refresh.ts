import { useEffect } from 'react';
import { engine } from '../../../db/sync';

/** At most one sync asked for missing tags per this interval (SPEC section 9: tags refresh every 10 seconds). */
export const MISSING_TAG_REFRESH_MS = 10_000;
let lastAsked = -Infinity;

/**
 * SPEC section 4: tags are refreshed when a selected id is unknown. Locally that means asking the sync engine
 * to push and pull now (it may bring a tag created on another device), throttled; offline it does nothing.
 * `missing` is a stable key of the ids not found locally ('' when none).
 */
export function useRefreshWhenMissing(missing: string): void {
  useEffect(() => {
    if (!missing) return;
    const now = performance.now();
    if (now - lastAsked < MISSING_TAG_REFRESH_MS) return;
    lastAsked = now;
    void engine.syncNow().catch(() => null);
  }, [missing]);
}
