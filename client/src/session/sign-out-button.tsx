import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { authStore, readCachedUser } from './auth-store';
import { unsyncedChanges } from './local-data';

/** Unsynced local changes of the signed-in user: the sign-out confirmation asks first when there are any. */
const pendingChangesBeforeSignOut = () => unsyncedChanges(authStore.getState().user?._id ?? readCachedUser()?._id);

/**
 * Sign out. When this device holds changes the server has not confirmed, it asks first, because signing out
 * deletes the user's local data (quality.md test 23).
 */
export function SignOutButton({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [unsynced, setUnsynced] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const count = unsynced ?? 0;

  async function signOut() {
    setBusy(true);
    setUnsynced(null);
    await authStore.logout();
    navigate('/auth/login', { replace: true });
  }

  async function start() {
    setBusy(true);
    const count = await pendingChangesBeforeSignOut();
    if (count > 0) {
      setBusy(false);
      setUnsynced(count);
      return;
    }
    await signOut();
  }

  return (
    <>
      <Button variant="secondary" onClick={start} busy={busy} busyLabel={t`Signing out…`} className={className}>
        <Trans>Sign out</Trans>
      </Button>
      <ConfirmDialog
        open={unsynced !== null}
        onOpenChange={(open) => !open && setUnsynced(null)}
        title={<Trans>Sign out with unsynced changes?</Trans>}
        message={
          <Plural
            value={count}
            one="You have # change that has not synced yet. Signing out now will delete it from this device."
            other="You have # changes that have not synced yet. Signing out now will delete them from this device."
          />
        }
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Sign out anyway</Trans>}
        onConfirm={signOut}
        danger
      />
    </>
  );
}
