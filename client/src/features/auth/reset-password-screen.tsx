import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { resetPassword } from './actions';
import { AuthCard } from './components/auth-card';
import { Button, buttonClass } from './components/button';
import { FormAlert } from './components/form-alert';
import { TextField } from './components/text-field';
import { toProblem } from './errors';
import { authMessages, waitMessage } from './messages';
import { pickFields, useFieldErrors } from './use-field-errors';
import { checkConfirm, checkPassword, validate } from './validation';

const FIELDS = ['password', 'confirm'] as const;

/** Reset password (/auth/reset-password?token=…): a new password from the mailed link, then sign in. */
export function ResetPasswordScreen() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<'invalidLink' | 'failed' | { wait: number } | null>(token ? null : 'invalidLink');
  const fields = useFieldErrors(FIELDS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const { problems } = validate([
      ['password', checkPassword(password)],
      ['confirm', checkConfirm(password, confirm)],
    ]);
    if (!fields.show(problems)) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      navigate('/auth/login?reset=1', { replace: true });
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'fields' && !fields.show(pickFields(p.fields, FIELDS))) return;
      if (p.kind === 'invalidLink' || (p.kind === 'fields' && !p.fields.password)) setError('invalidLink');
      else if (p.kind === 'rateLimited') setError({ wait: p.seconds });
      else setError('failed');
    } finally {
      setBusy(false);
    }
  }

  if (error === 'invalidLink') {
    return (
      <AuthCard title={<Trans>Reset password</Trans>}>
        <FormAlert title={i18n._(authMessages.invalidLink)}>
          <p>
            <Trans>Reset links work once and only for a short time. You can ask for a new one.</Trans>
          </p>
        </FormAlert>
        <Link href="/auth/forgot-password" className={buttonClass('primary', 'mt-4 w-full')}>
          <Trans>Send a new link</Trans>
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={<Trans>Choose a new password</Trans>} subtitle={<Trans>After this, you will sign in again on every device.</Trans>}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {error && <FormAlert>{i18n._(error === 'failed' ? authMessages.resetFailed : waitMessage(error.wait))}</FormAlert>}
        <TextField
          label={<Trans>New password</Trans>}
          revealable
          name="new-password"
          autoComplete="new-password"
          autoFocus
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            fields.clear('password');
          }}
          error={fields.error('password')}
          inputRef={fields.ref('password')}
          hint={<Trans>At least 8 characters. A short sentence is easy to remember.</Trans>}
        />
        <TextField
          label={<Trans>Confirm password</Trans>}
          revealable
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => {
            setConfirm(e.target.value);
            fields.clear('confirm');
          }}
          error={fields.error('confirm')}
          inputRef={fields.ref('confirm')}
        />
        <Button type="submit" busy={busy} busyLabel={t`Saving…`} className="w-full">
          <Trans>Set new password</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
