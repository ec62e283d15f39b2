import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSyncState } from '../db/sync-state';

/**
 * A small, always-visible sync state; never a spinner that blocks a screen. A server asking to slow down
 * (`waiting`, 429) is shown calmly, as unsynced changes, never as an error.
 */
export function SyncBadge() {
  const { status, pending, reason } = useSyncState();
  const { t } = useLingui();
  if (status === 'error' && reason === 'reload') {
    // The server no longer accepts this app version's sync (426): a reload brings the new version.
    return (
      <button
        type="button"
        data-testid="sync-badge"
        data-status={status}
        onClick={() => window.location.reload()}
        className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200"
      >
        <Trans>Reload to sync</Trans>
      </button>
    );
  }
  const tone =
    status === 'offline' || status === 'signin' || status === 'error'
      ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200'
      : pending > 0 || status === 'waiting'
        ? 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-200'
        : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200';
  return (
    <span role="status" aria-live="polite" data-testid="sync-badge" data-status={status} className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ${tone}`}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {status === 'signin' ? (
        <Trans>Sign in to sync</Trans>
      ) : status === 'offline' ? (
        pending > 0 ? (
          <Plural value={pending} one="Offline · # unsynced change" other="Offline · # unsynced changes" />
        ) : (
          <Trans>Offline</Trans>
        )
      ) : status === 'error' && reason === 'full' ? (
        // 507: nothing is lost, the changes wait on this device until the server has room again.
        <span title={t`Your changes are kept on this device and sync once the server has room`}>
          <Trans>Server storage full</Trans>
        </span>
      ) : pending > 0 ? (
        <Plural value={pending} one="# unsynced change" other="# unsynced changes" />
      ) : status === 'error' ? (
        <Trans>Sync paused</Trans>
      ) : status === 'waiting' ? (
        // The server asked to slow down (429): sync resumes by itself after its Retry-After.
        <Trans>Sync resumes shortly</Trans>
      ) : (
        <Trans>Synced</Trans>
      )}
    </span>
  );
}
