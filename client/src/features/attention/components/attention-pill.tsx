import { Plural } from '@lingui/react/macro';
import { useState } from 'react';
import type { AppDatabase, AttentionEntry } from '../../../db/database';
import { AttentionDialog } from './attention-dialog';

/**
 * "1 change needs attention" in the app bar, which opens the list. Loaded (with the list) only while there is
 * something in it (`AttentionNotice`); once the last entry is sorted it unmounts, and the dialog closes with it.
 */
export function AttentionPill({ db, entries }: { db: AppDatabase; entries: AttentionEntry[] }) {
  const [open, setOpen] = useState(false);
  const count = entries.length;
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
      <AttentionDialog db={db} entries={entries} open={open} onOpenChange={setOpen} />
    </>
  );
}
