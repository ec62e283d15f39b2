import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { FormAlert } from '../../components/ui/form-alert';
import { forgotPassword } from './actions';
import { AuthCard } from './components/auth-card';
import { EmailField, SubmitButton } from './components/auth-fields';
import { authMessages } from './messages';
import { useAuthForm } from './use-auth-form';
import { checkEmail } from './validation';

const FIELDS = ['email'] as const;

/** Forgotten password (/auth/forgot-password): always the same neutral answer, whether or not the account exists. */
export function ForgotPasswordScreen() {
  const { t, i18n } = useLingui();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { fields, busy, problem, onSubmit } = useAuthForm(FIELDS);

  const submit = onSubmit(
    () => [['email', checkEmail(email)]],
    async () => {
      await forgotPassword(email.trim());
      setSentTo(email.trim());
    },
  );

  const backToLogin = (
    <Link href="/auth/login" className="font-medium text-primary underline underline-offset-2">
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
        {problem && <FormAlert>{i18n._(authMessages.forgotFailed)}</FormAlert>}
        <EmailField autoFocus value={email} {...fields.bind('email', setEmail)} />
        <SubmitButton busy={busy} busyLabel={t`Sending…`} label={t`Send reset link`} />
      </form>
    </AuthCard>
  );
}
