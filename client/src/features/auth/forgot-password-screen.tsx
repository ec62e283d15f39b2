import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { forgotPassword } from './actions';
import { AuthCard } from './components/auth-card';
import { Button } from './components/button';
import { FormAlert } from './components/form-alert';
import { TextField } from './components/text-field';
import { toProblem } from './errors';
import { authMessages } from './messages';
import { pickFields, useFieldErrors } from './use-field-errors';
import { checkEmail, validate } from './validation';

const FIELDS = ['email'] as const;

/** Forgotten password (/auth/forgot-password): always the same neutral answer, whether or not the account exists. */
export function ForgotPasswordScreen() {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const fields = useFieldErrors(FIELDS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailed(false);
    if (!fields.show(validate([['email', checkEmail(email)]]).problems)) return;
    setBusy(true);
    try {
      await forgotPassword(email.trim());
      setSentTo(email.trim());
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'fields' && !fields.show(pickFields(p.fields, FIELDS))) return;
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  const backToLogin = (
    <Link href="/auth/login" className="font-medium text-primary underline-offset-2 hover:underline">
      <Trans>Back to sign in</Trans>
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title={<Trans>Check your email</Trans>} footer={backToLogin}>
        <FormAlert tone="success">
          <Trans>
            If an account exists for <strong>{sentTo}</strong>, we sent a link to reset your password. It is valid for a short
            time, so use it soon.
          </Trans>
        </FormAlert>
        <p className="mt-4 text-sm text-muted">
          <Trans>Nothing arrived? Check your spam folder, or try again in a minute.</Trans>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={<Trans>Forgot your password?</Trans>}
      subtitle={<Trans>It happens. Enter your email and we will send you a link to choose a new one.</Trans>}
      footer={backToLogin}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {failed && <FormAlert>{i18n._(authMessages.forgotFailed)}</FormAlert>}
        <TextField
          label={<Trans>Email</Trans>}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          autoFocus
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            fields.clear('email');
          }}
          error={fields.error('email')}
          inputRef={fields.ref('email')}
        />
        <Button type="submit" busy={busy} busyLabel={t`Sending…`} className="w-full">
          <Trans>Send reset link</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
