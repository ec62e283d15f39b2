import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { PublicUser } from '@adhd/shared/users/schema';
import { deleteAccount } from '../actions';
import { Button } from '../components/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toProblem } from '../errors';
import { authMessages } from '../messages';
import { SignOutButton } from '../sign-out-button';
import { SettingRow, SettingsSection, ToggleRow } from './controls';

/** The account part of settings: email verification, marketing consent, sign out and account deletion. */
export function AccountSection({ user, onMarketing }: { user: PublicUser; onMarketing: (value: boolean) => void }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function remove() {
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteAccount();
      navigate('/', { replace: true });
    } catch (err) {
      const p = toProblem(err);
      setConfirming(false);
      setDeleting(false);
      setDeleteError(i18n._(p.kind === 'network' ? authMessages.network : authMessages.deleteFailed));
    }
  }

  return (
    <>
      <SettingsSection title={<Trans>Account</Trans>}>
        <SettingRow
          label={user.name}
          description={user.email}
        >
          {user.emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-success/10 px-3 py-1 text-sm font-medium text-success">
              <Trans>Email verified</Trans>
            </span>
          ) : (
            <span className="flex items-center gap-3">
              <span className="rounded-full bg-warning/10 px-3 py-1 text-sm font-medium text-warning">
                <Trans>Not verified</Trans>
              </span>
              <Link href="/auth/verify" className="text-sm font-medium text-primary underline underline-offset-2">
                <Trans>Verify now</Trans>
              </Link>
            </span>
          )}
        </SettingRow>
        <ToggleRow
          label={<Trans>News and tips by email</Trans>}
          description={<Trans>Occasional, never more than once a month. You can turn it off at any time.</Trans>}
          checked={user.marketingConsent}
          onChange={onMarketing}
        />
        <SettingRow label={<Trans>Sign out</Trans>} description={<Trans>Removes your data from this device. It stays safe in your account.</Trans>}>
          <SignOutButton className="w-full sm:w-auto" />
        </SettingRow>
      </SettingsSection>

      <SettingsSection title={<Trans>Danger zone</Trans>}>
        <SettingRow
          label={<Trans>Delete account</Trans>}
          description={
            <>
              <Trans>Deletes your account and everything in it, for good.</Trans>
              {deleteError && (
                <span role="alert" className="mt-1 block text-danger">
                  {deleteError}
                </span>
              )}
            </>
          }
        >
          <Button variant="danger" onClick={() => setConfirming(true)} className="w-full sm:w-auto">
            <Trans>Delete account</Trans>
          </Button>
        </SettingRow>
      </SettingsSection>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !deleting && setConfirming(open)}
        title={<Trans>Delete your account?</Trans>}
        message={
          <Trans>
            This permanently deletes your account with all your tasks, habits, notes, events and tags. It cannot be undone.
          </Trans>
        }
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={deleting ? <Trans>Deleting…</Trans> : <Trans>Delete account</Trans>}
        onConfirm={remove}
        busy={deleting}
        danger
      />
    </>
  );
}
