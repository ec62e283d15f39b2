import { Plural } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDb } from '../../../db/session';
import { useAttention } from '../data/queries';

/** The list itself loads when it is first opened: the app bar is on every screen's first paint. */
const AttentionDialog = lazy(() => import('./attention-dialog').then((m) => ({ default: m.AttentionDialog })));

/**
 * Shown in the app bar, next to the sync badge, while changes the server refused wait in the "needs attention"
 * list: "1 change needs attention", which opens the list. Nothing when the list is empty.
 */
export function AttentionNotice() {
  const db = useDb();
  const entries = useAttention(db);
  const [open, setOpen] = useState(false);
  const count = entries?.length ?? 0;
  // The last one sorted: the dialog closes by itself.
  useEffect(() => {
    if (count === 0) setOpen(false);
  }, [count]);
  if (!db || (count === 0 && !open)) return null;
  return (
    <>
      <button
        type="button"
        data-testid="attention-notice"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 hover:bg-amber-200 dark:bg-amber-900/40 dark:text-amber-200 dark:hover:bg-amber-900/60"
      >
        <span aria-hidden className="size-1.5 rounded-full bg-current" />
        <Plural value={count} one="# change needs attention" other="# changes need attention" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AttentionDialog db={db} entries={entries ?? []} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
