import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { QUOTA_EXCEEDED, TOO_LARGE } from '@adhd/shared/sync/protocol';
import { useState } from 'react';
import { AppDialog } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import type { AppDatabase, AttentionEntry } from '../../../db/database';
import { canRestore, discard, previewOf, restoreAsNew, textOf } from '../data/attention';

/** Why the server refused a change, in the user's words; the server's own message when the code is unknown. */
function useReason() {
  const { t } = useLingui();
  return (entry: AttentionEntry): string => {
    switch (entry.code) {
      case 'NOT_FOUND':
        return t`It was deleted on another device before this change arrived.`;
      case QUOTA_EXCEEDED:
        return t`Your storage is full. Delete things you no longer need, then try again.`;
      case TOO_LARGE:
        return t`It is too large to sync. Copy its text to split it into smaller pieces.`;
      case 'EXISTS':
        return t`Something with the same name already exists.`;
      case 'CYCLE':
        return t`A task can’t be moved under itself or one of its subtasks.`;
      case 'VALIDATION':
        return t`The server did not accept its values.`;
      case 'READ_ONLY':
      case 'FORBIDDEN':
        return t`This can’t be changed.`;
      default:
        return entry.message || t`The server did not accept it.`;
    }
  };
}

function useKind() {
  const { t } = useLingui();
  return (entry: AttentionEntry): string => {
    const action = entry.name.split('.')[1]?.split('@')[0];
    const deleted = action === 'delete';
    switch (entry.entity) {
      case 'task':
        return deleted ? t`Deleted task` : t`Task`;
      case 'note':
        return deleted ? t`Deleted note` : t`Note`;
      case 'habit':
        return deleted ? t`Deleted habit` : t`Habit`;
      case 'folder':
        return deleted ? t`Deleted folder` : t`Folder`;
      case 'tag':
      case 'tagRef':
        return t`Tag`;
      default:
        return t`Item`;
    }
  };
}

function EntryRow({ db, entry }: { db: AppDatabase; entry: AttentionEntry }) {
  const { t } = useLingui();
  const reason = useReason();
  const kind = useKind();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  const preview = previewOf(entry);
  const text = entry.code === TOO_LARGE ? textOf(entry) : null;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setFailed(false);
    try {
      await action();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <li data-testid="attention-entry" className="flex flex-col gap-2 rounded-xl border border-line p-3">
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-muted">{kind(entry)}</p>
        <p className="truncate font-medium" title={preview}>
          {preview || <span className="text-muted">{t`(no title)`}</span>}
        </p>
        <p className="mt-1 text-sm text-muted">{reason(entry)}</p>
        {failed && (
          <p role="alert" className="mt-1 text-sm text-danger">
            <Trans>It could not be restored. Try again, or discard it.</Trans>
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => run(() => discard(db, entry))}>
          <Trans context="needs attention">Discard</Trans>
        </Button>
        {text !== null && (
          <Button variant="secondary" size="sm" onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => undefined)}>
            {copied ? <Trans>Copied</Trans> : <Trans>Copy text</Trans>}
          </Button>
        )}
        {canRestore(entry) && (
          <Button variant="primary" size="sm" disabled={busy} onClick={() => run(() => restoreAsNew(db, entry))}>
            <Trans>Restore as new</Trans>
          </Button>
        )}
      </div>
    </li>
  );
}

export interface AttentionDialogProps {
  db: AppDatabase;
  entries: AttentionEntry[];
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The refused changes, each with "Restore as new" (where it makes sense) and "Discard". */
export function AttentionDialog({ db, entries, open, onOpenChange }: AttentionDialogProps) {
  const count = entries.length;
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      width={600}
      data-testid="attention-dialog"
      title={<Plural value={count} one="# change needs attention" other="# changes need attention" />}
      description={<Trans>The server could not take these changes, so they are not synced. Nothing is lost: restore each as a new item, or discard it.</Trans>}
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      {entries.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted">
          <Trans>All sorted.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {entries.map((e) => (
            <EntryRow key={e.id} db={db} entry={e} />
          ))}
        </ul>
      )}
    </AppDialog>
  );
}
