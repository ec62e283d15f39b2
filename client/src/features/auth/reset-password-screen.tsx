import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { resetPassword } from './actions';
import { AuthCard } from './components/auth-card';
import { SubmitButton } from './components/auth-fields';
import { ConfirmPasswordField, NewPasswordField } from './components/password-fields';
import { authMessages, waitMessage } from './messages';
import { useAuthForm } from './use-auth-form';
import { checkConfirm, checkPassword } from './validation';

const FIELDS = ['password', 'confirm'] as const;

/** Reset password (/auth/reset-password?token=…): a new password from the mailed link, then sign in. */
export function ResetPasswordScreen() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { fields, busy, problem, onSubmit } = useAuthForm(FIELDS);

  const submit = onSubmit(
    () => [
      ['password', checkPassword(password)],
      ['confirm', checkConfirm(password, confirm)],
    ],
    async () => {
      await resetPassword(token, password);
      navigate('/auth/login?reset=1', { replace: true });
    },
  );

  // Field details the form has no field for (the token) mean the link is no good.
  if (!token || problem?.kind === 'invalidLink' || problem?.kind === 'fields') {
    return (
      <AuthCard title={<Trans>Reset password</Trans>}>
        <FormAlert title={i18n._(authMessages.invalidLink)}>
          <p>
            <Trans>Reset links work once and only for a short time. You can ask for a new one.</Trans>
          </p>
        </FormAlert>
        <Link href="/auth/forgot-password" className={buttonClass('primary', 'md', 'mt-4 w-full')}>
          <Trans>Send a new link</Trans>
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={<Trans>Choose a new password</Trans>} subtitle={<Trans>After this, you will sign in again on every device.</Trans>}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {problem && <FormAlert>{i18n._(problem.kind === 'rateLimited' ? waitMessage(problem.seconds) : authMessages.resetFailed)}</FormAlert>}
        <NewPasswordField autoFocus value={password} {...fields.bind('password', setPassword)} />
        <ConfirmPasswordField value={confirm} {...fields.bind('confirm', setConfirm)} />
        <SubmitButton busy={busy} busyLabel={t`Saving…`} label={t`Set new password`} />
      </form>
    </AuthCard>
  );
}
