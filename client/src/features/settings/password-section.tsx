import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { FormAlert } from '../../components/ui/form-alert';
import { PasswordField } from '../../components/ui/password-field';
import { useAuth, authStore } from '../../session/auth-store';
import { authMessages, changePassword, checkConfirm, checkLoginPassword, checkPassword, pickFields, problemMessage, toProblem, useFieldErrors, validate } from '../auth';
import { SettingsSection } from './controls';

const FIELDS = ['currentPassword', 'newPassword', 'confirm'] as const;

/**
 * Change password (CONTRACT.md "account"): the current password, the new one twice, and whether to sign out
 * every other device (ASVS 7.4.3). A failure shows the spec's "Failed to change password" (or what went wrong).
 * An account created through Google has no password yet: it sets its first one, without a current one.
 */
export function PasswordSection() {
  const { t, i18n } = useLingui();
  const first = useAuth().user?.hasPassword === false;
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const [busy, setBusy] = useState(false);
  /** 'done', or the failure: the spec's title with what went wrong, when that is more than the title. */
  const [outcome, setOutcome] = useState<'done' | { detail: string | null } | null>(null);
  const fields = useFieldErrors(FIELDS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setOutcome(null);
    const { problems } = validate([
      ['currentPassword', first ? null : checkLoginPassword(currentPassword)],
      ['newPassword', checkPassword(newPassword)],
      ['confirm', checkConfirm(newPassword, confirm)],
    ]);
    if (!fields.show(problems)) return;
    setBusy(true);
    try {
      await changePassword({ currentPassword: first ? undefined : currentPassword, newPassword, signOutOthers });
      if (first) authStore.updateUser({ hasPassword: true });
      setCurrent('');
      setNew('');
      setConfirm('');
      setOutcome('done');
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'wrongPassword') fields.show({ currentPassword: { key: 'auth.wrongPassword' } });
      else if (p.kind === 'fields') fields.show(pickFields(p.fields, FIELDS));
      const detail = problemMessage(p, authMessages.passwordFailed);
      setOutcome({ detail: detail === authMessages.passwordFailed ? null : i18n._(detail) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection title={<Trans>Security</Trans>} anchor="settings-security">
      <form noValidate onSubmit={submit} className="space-y-4 px-4 py-4" aria-label={first ? t`Set a password` : t`Change password`}>
        {outcome === 'done' && <FormAlert tone="success">{i18n._(authMessages.passwordChanged)}</FormAlert>}
        {outcome && outcome !== 'done' && <FormAlert title={i18n._(authMessages.passwordFailed)}>{outcome.detail}</FormAlert>}
        {first ? (
          <p className="text-sm text-muted">
            <Trans>You sign in with Google. Set a password to sign in with your email too.</Trans>
          </p>
        ) : (
          <PasswordField label={t`Current password`} autoComplete="current-password" value={currentPassword} {...fields.bind('currentPassword', setCurrent)} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField label={t`New password`} autoComplete="new-password" value={newPassword} {...fields.bind('newPassword', setNew)} />
          <PasswordField label={t`Confirm new password`} autoComplete="new-password" value={confirm} {...fields.bind('confirm', setConfirm)} />
        </div>
        <CheckboxField checked={signOutOthers} onCheckedChange={setSignOutOthers}>
          <Trans>Sign out other devices</Trans>
        </CheckboxField>
        <div className="flex justify-end">
          <Button type="submit" variant="primary" busy={busy} busyLabel={t`Changing…`} className="w-full sm:w-auto">
            {first ? <Trans>Set password</Trans> : <Trans>Change password</Trans>}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
