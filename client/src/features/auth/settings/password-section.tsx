import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { changePassword } from '../actions';
import { Button } from '../components/button';
import { CheckboxField } from '../components/checkbox-field';
import { FormAlert } from '../components/form-alert';
import { TextField } from '../components/text-field';
import { problemMessage, toProblem } from '../errors';
import { authMessages } from '../messages';
import { pickFields, useFieldErrors } from '../use-field-errors';
import { checkConfirm, checkLoginPassword, checkPassword, validate } from '../validation';
import { SettingsSection } from './controls';

const FIELDS = ['currentPassword', 'newPassword', 'confirm'] as const;

/**
 * Change password (CONTRACT.md "account"): the current password, the new one twice, and whether to sign out
 * every other device (ASVS 7.4.3). A failure shows the spec's "Failed to change password" (or what went wrong).
 */
export function PasswordSection() {
  const { t, i18n } = useLingui();
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
      ['currentPassword', checkLoginPassword(currentPassword)],
      ['newPassword', checkPassword(newPassword)],
      ['confirm', checkConfirm(newPassword, confirm)],
    ]);
    if (!fields.show(problems)) return;
    setBusy(true);
    try {
      await changePassword({ currentPassword, newPassword, signOutOthers });
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

  const input = (field: (typeof FIELDS)[number], set: (v: string) => void) => ({
    inputRef: fields.ref(field),
    error: fields.error(field),
    onChange: (e: { target: { value: string } }) => {
      set(e.target.value);
      fields.clear(field);
    },
  });

  return (
    <SettingsSection title={<Trans>Password</Trans>}>
      <form noValidate onSubmit={submit} className="space-y-4 px-4 py-4" aria-label={t`Change password`}>
        {outcome === 'done' && <FormAlert tone="success">{i18n._(authMessages.passwordChanged)}</FormAlert>}
        {outcome && outcome !== 'done' && <FormAlert title={i18n._(authMessages.passwordFailed)}>{outcome.detail}</FormAlert>}
        <TextField
          label={<Trans>Current password</Trans>}
          revealable
          autoComplete="current-password"
          value={currentPassword}
          {...input('currentPassword', setCurrent)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={<Trans>New password</Trans>} revealable autoComplete="new-password" value={newPassword} {...input('newPassword', setNew)} />
          <TextField label={<Trans>Confirm new password</Trans>} revealable autoComplete="new-password" value={confirm} {...input('confirm', setConfirm)} />
        </div>
        <CheckboxField checked={signOutOthers} onChange={setSignOutOthers}>
          <Trans>Sign out other devices</Trans>
        </CheckboxField>
        <div className="flex justify-end">
          <Button type="submit" busy={busy} busyLabel={t`Changing…`} className="w-full sm:w-auto">
            <Trans>Change password</Trans>
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
