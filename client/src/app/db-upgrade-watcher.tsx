import { lazy, Suspense } from 'react';
import { useLocalDbUpgrade } from '../db/upgrade';

/** The notice's text and button load only when another tab's upgrade closed this tab's database (rare). */
const DbUpgradeNotice = lazy(() => import('./db-upgrade-notice').then((m) => ({ default: m.DbUpgradeNotice })));

export function DbUpgradeWatcher() {
  const state = useLocalDbUpgrade();
  if (state === 'none') return null;
  return (
    <Suspense fallback={null}>
      <DbUpgradeNotice state={state} />
    </Suspense>
  );
}
