import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import type { GoogleSignInConfig } from '@adhd/shared/google/types';
import { GOOGLE_SIGNIN_ERRORS as CODES } from '@adhd/shared/google/signin';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormAlert } from '../../components/ui/form-alert';
import { PasswordField } from '../../components/ui/password-field';
import { ApiError } from '../../lib/api';
import { authStore, useAuth } from '../../session/auth-store';
import { getGoogleConfig, GoogleButton, googleMessages, postConnectGoogle, postDisconnectGoogle } from '../auth';
import { SettingsSection } from './controls';
import { useOnline } from '../../lib/use-online';

/**
 * Settings → Google account (docs/google-signin.md): "Link Google account" (Google's own button, then the account's
 * password once, so a borrowed session cannot add its own way in), "Linked" with Unlink, and for an account created
 * through Google (no password yet) the way to set one, without which Unlink would lock the person out.
 */
export function GoogleAccountSection() {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const online = useOnline();
  const [config, setConfig] = useState<GoogleSignInConfig | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<'linked' | 'unlinked' | null>(null);
  const [confirmUnlink, setConfirmUnlink] = useState(false);

  useEffect(() => {
    if (online) void getGoogleConfig().then(setConfig);
  }, [online]);

  if (!user) return null;
  const linked = user.googleLinked;
  const noPassword = user.hasPassword === false;
  // The server does not offer Google sign-in: nothing to link (a linked account may still unlink).
  if (!linked && config && !config.available) return null;

  async function connect(token: string, withPassword?: string) {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const res = await postConnectGoogle({ token, userData: withPassword === undefined ? {} : { password: withPassword } });
      authStore.updateUser({ googleLinked: res.user.googleLinked });
      setPending(null);
      setPassword('');
      setDone('linked');
    } catch (err) {
      const code = err instanceof ApiError ? err.code : null;
      if (code === CODES.passwordRequired) {
        setPending(token);
        if (withPassword !== undefined) setPasswordError(i18n._(googleMessages.wrongPassword));
      } else {
        setPending(null);
        if (code === CODES.accountInUse) setError(t`This Google account is already linked to another account.`);
        else if (err instanceof ApiError && err.isNetwork) setError(t`This needs a connection to the server. Nothing was changed; try again when you are online.`);
        else setError(i18n._(googleMessages.connectFailed));
      }
    } finally {
      setBusy(false);
    }
  }

  function submitPassword(event: FormEvent) {
    event.preventDefault();
    if (!pending) return;
    if (!password) {
      setPasswordError(t`Enter your password`);
      return;
    }
    setPasswordError(null);
    void connect(pending, password);
  }

  const unlink = async () => {
    const res = await postDisconnectGoogle();
    authStore.updateUser({ googleLinked: res.user.googleLinked });
    setDone('unlinked');
  };

  return (
    <SettingsSection title={<Trans>Google account</Trans>}>
      <div className="space-y-3 px-4 py-3" aria-live="polite">
        {!online && (
          <FormAlert tone="info">
            <Trans>Linking Google needs a connection to the server. You are offline.</Trans>
          </FormAlert>
        )}
        {done === 'linked' && (
          <FormAlert tone="success">
            <Trans>Google account linked. You can now sign in with Google.</Trans>
          </FormAlert>
        )}
        {done === 'unlinked' && (
          <FormAlert tone="success">
            <Trans>Google account unlinked. Sign in with your email and password.</Trans>
          </FormAlert>
        )}
        {error && <FormAlert>{error}</FormAlert>}

        {linked ? (
          <>
            <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="font-medium text-ink">
                <Trans>Linked</Trans>
              </p>
              {!noPassword && (
                <Button variant="secondary" onClick={() => setConfirmUnlink(true)} disabled={!online}>
                  <Trans>Unlink</Trans>
                </Button>
              )}
            </div>
            {noPassword && (
              <div className="flex flex-col items-start gap-2 text-sm text-muted">
                <p>
                  <Trans>You sign in with Google. Set a password first if you want to unlink it, so you can still get in.</Trans>
                </p>
                <a href="#settings-security" className="font-medium text-primary underline underline-offset-2">
                  <Trans>Set a password</Trans>
                </a>
              </div>
            )}
          </>
        ) : pending ? (
          <form noValidate onSubmit={submitPassword} className="space-y-3" aria-label={t`Confirm with your password`}>
            <p className="text-sm text-ink">
              <Trans>Enter your password once to confirm that you are the one linking this Google account.</Trans>
            </p>
            <PasswordField
              label={t`Password`}
              autoComplete="current-password"
              autoFocus
              value={password}
              error={passwordError}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(null);
              }}
            />
            <div className="flex flex-col gap-2 sm:flex-row-reverse">
              <Button type="submit" variant="primary" busy={busy} busyLabel={t`Linking…`} className="w-full sm:w-auto">
                <Trans>Link Google account</Trans>
              </Button>
              <Button variant="ghost" onClick={() => setPending(null)} className="w-full sm:w-auto">
                <Trans>Cancel</Trans>
              </Button>
            </div>
          </form>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium text-ink">
                <Trans>Link Google account</Trans>
              </p>
              <p className="text-sm text-muted">
                <Trans>Then you can also sign in with Google.</Trans>
              </p>
            </div>
            {online && config?.available && <GoogleButton text="continue_with" config={config} onCredential={(token) => void connect(token)} />}
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirmUnlink}
        onOpenChange={setConfirmUnlink}
        title={<Trans>Unlink Google?</Trans>}
        message={<Trans>You will sign in with your email and password only. Google Calendar import is not affected.</Trans>}
        confirmLabel={<Trans>Unlink</Trans>}
        danger
        onConfirm={unlink}
        errorText={<Trans>Google could not be unlinked. Please try again.</Trans>}
      />
    </SettingsSection>
  );
}
