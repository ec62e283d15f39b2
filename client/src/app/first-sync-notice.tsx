import { useEffect, useState } from 'react';
import { SlowNotice } from '../components/ui/slow-notice';
import { useDb } from '../db/session';
import { useSyncState } from '../db/sync-state';

/**
 * The slow-load notice for a first sync (SPEC section 8): on a device whose database is still empty (no pull page
 * stored yet, the pull cursor is 0) while its first sync runs, after 3 s the page says it is taking longer than
 * expected instead of only showing empty screens. It goes once the first page is stored or the sync ends.
 */
export function FirstSyncNotice() {
  const { status, lastSyncedAt } = useSyncState();
  const db = useDb();
  const firstSync = status === 'syncing' && lastSyncedAt === null;
  const [empty, setEmpty] = useState(false);
  useEffect(() => {
    setEmpty(false);
    if (!firstSync || !db) return;
    let live = true;
    const check = () =>
      void db._meta.get('cursor').then(
        (row) => live && setEmpty(Number(row?.value ?? 0) === 0),
        () => undefined,
      );
    check();
    const timer = setInterval(check, 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [firstSync, db]);
  return firstSync && empty ? <SlowNotice delayMs={3000} className="mb-4 rounded-xl bg-surface-2 px-4 py-3 text-center text-sm text-muted" /> : null;
}
