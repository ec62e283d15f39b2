import { lazy, Suspense, useSyncExternalStore } from 'react';
import { syncState } from '../db/sync-state';

const Notice = lazy(() => import('./first-sync-notice').then((m) => ({ default: m.FirstSyncNotice })));
const firstSync = () => {
  const { status, lastSyncedAt } = syncState.get();
  return status === 'syncing' && lastSyncedAt === null;
};

/** The first sync's slow-load notice (first-sync-notice.tsx), loaded only while a first sync runs. */
export function FirstSyncGate() {
  const running = useSyncExternalStore(syncState.subscribe, firstSync, () => false);
  return running ? (
    <Suspense fallback={null}>
      <Notice />
    </Suspense>
  ) : null;
}
