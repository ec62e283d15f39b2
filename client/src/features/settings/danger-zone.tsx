import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PasswordField } from '../../components/ui/password-field';
import { useAuth } from '../../session/auth-store';
import { authMessages, deleteAccount, fieldMessage, GoogleButton, problemMessage, toProblem } from '../auth';
import { SettingRow, SettingsSection } from './controls';

/**
 * Settings → Danger zone: account deletion, confirmed with the password (an account created through Google, with
 * no password yet, confirms with Google instead). Set apart from the other sections.
 */
export function DangerZone() {
  const { t, i18n } = useLingui();
  const withGoogle = useAuth().user?.hasPassword === false;
  const [googleToken, setGoogleToken] = useState<string | null>(null);
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);

  /** Rejects (the dialog stays open and shows `deleteError`) unless the account is gone. */
  async function remove() {
    if (withGoogle ? !googleToken : !password) {
      setPasswordError(withGoogle ? t`Confirm with Google first` : i18n._(fieldMessage({ key: 'validation.required' })));
      throw new Error('confirmation required');
    }
    setDeleting(true);
    setDeleteError(null);
    setPasswordError(null);
    try {
      await deleteAccount(withGoogle && googleToken ? { googleToken } : password);
      navigate('/', { replace: true });
    } catch (err) {
      const p = toProblem(err);
      setDeleting(false);
      if (p.kind === 'wrongPassword') setPasswordError(i18n._(authMessages.wrongPassword));
      if (withGoogle) setGoogleToken(null); // used or refused: a new confirmation for the next try
      setDeleteError(i18n._(p.kind === 'network' || p.kind === 'rateLimited' ? problemMessage(p, authMessages.deleteFailed) : authMessages.deleteFailed));
      throw err;
    }
  }

  const openDialog = (open: boolean) => {
    if (deleting) return;
    setConfirming(open);
    setPassword('');
    setGoogleToken(null);
    setPasswordError(null);
    setDeleteError(null);
  };

  return (
    <>
      <SettingsSection title={<Trans>Danger zone</Trans>} anchor="settings-danger" tone="danger">
        <SettingRow
          label={<Trans>Delete account</Trans>}
          description={<Trans>Deletes your account and everything in it, for good.</Trans>}
        >
          <Button variant="danger" onClick={() => openDialog(true)} className="w-full sm:w-auto">
            <Trans>Delete account</Trans>
          </Button>
        </SettingRow>
      </SettingsSection>

      <ConfirmDialog
        open={confirming}
        onOpenChange={openDialog}
        title={<Trans>Delete your account?</Trans>}
        message={
          <>
            <Trans>
              This permanently deletes your account with all your tasks, habits, notes, events and tags. It cannot be undone.
            </Trans>
            {withGoogle ? (
              <div className="mt-4 space-y-2">
                <p>{googleToken ? <Trans>Confirmed with Google.</Trans> : <Trans>Confirm with the Google account you sign in with:</Trans>}</p>
                {!googleToken && (
                  <GoogleButton
                    text="continue_with"
                    onCredential={(token) => {
                      setGoogleToken(token);
                      setPasswordError(null);
                    }}
                  />
                )}
                {passwordError && <p className="text-sm text-danger">{passwordError}</p>}
              </div>
            ) : (
              <PasswordField
                containerClassName="mt-4"
                label={t`Your password`}
                autoComplete="current-password"
                value={password}
                error={passwordError}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setPasswordError(null);
                }}
              />
            )}
          </>
        }
        errorText={deleteError}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={deleting ? <Trans>Deleting…</Trans> : <Trans>Delete account</Trans>}
        onConfirm={remove}
        busy={deleting}
        danger
      />
    </>
  );
}
