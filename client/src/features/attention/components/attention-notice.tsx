import { lazy, Suspense } from 'react';
import { useDb } from '../../../db/session';
import { useAttention } from '../data/queries';

/** The pill and its list load only while there is something to show: the app bar is in every first paint. */
const AttentionPill = lazy(() => import('./attention-pill').then((m) => ({ default: m.AttentionPill })));

/**
 * Shown in the app bar, next to the sync badge, while changes the server refused wait in the "needs attention"
 * list: "1 change needs attention", which opens the list. Nothing when the list is empty.
 */
export function AttentionNotice() {
  const db = useDb();
  const entries = useAttention(db);
  if (!db || !entries?.length) return null;
  return (
    <Suspense fallback={null}>
      <AttentionPill db={db} entries={entries} />
    </Suspense>
  );
}
