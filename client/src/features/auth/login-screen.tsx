import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { PasswordField } from '../../components/ui/password-field';
import { useFeatureToggles } from '../../lib/feature-toggles';
import { useAuth } from '../../session/auth-store';
import { login } from './actions';
import { AuthCard } from './components/auth-card';
import { EmailField, ProblemAlert, SubmitButton } from './components/auth-fields';
import { authMessages } from './messages';
import { safeRedirect } from './redirect';
import { useAuthForm } from './use-auth-form';
import { checkEmail, checkLoginPassword } from './validation';

const FIELDS = ['email', 'password'] as const;

/** "Continue with Google": its own chunk, which loads Google's script only when the server offers it. */
const GoogleSignIn = lazy(() => import('./google-sign-in'));

/** Sign in (/auth/login): email and password; after success the `redirect` path or the dashboard. */
export function LoginScreen() {
  const { t, i18n } = useLingui();
  const { authenticated } = useAuth();
  const { registration } = useFeatureToggles();
  const params = new URLSearchParams(useSearch());
  const target = safeRedirect(params.get('redirect'));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const { fields, busy, problem, setProblem, onSubmit } = useAuthForm(FIELDS);

  if (authenticated) return <Redirect to={target} replace />;

  const submit = onSubmit(
    () => [
      ['email', checkEmail(email)],
      ['password', checkLoginPassword(password)],
    ],
    () => login(email.trim(), password),
  );

  function tryAgain() {
    setProblem(null);
    setPassword('');
    fields.focus('password');
  }

  return (
    <AuthCard
      title={<Trans>Sign in</Trans>}
      subtitle={<Trans>Welcome back. Your tasks are where you left them.</Trans>}
      footer={
        // Registration switched off by the server's admin: no way in for new people, so no link.
        registration ? (
          <p>
            <Trans>
              New here?{' '}
              <Link href="/auth/register" className="font-medium text-primary underline underline-offset-2">
                Create an account
              </Link>
            </Trans>
          </p>
        ) : undefined
      }
    >
      {params.get('reset') === '1' && !problem && (
        <div className="mb-4">
          <FormAlert tone="success">
            <Trans>Your password has been changed. Sign in with your new password.</Trans>
          </FormAlert>
        </div>
      )}
      {problem?.kind === 'invalidCredentials' ? (
        <div className="mb-4">
          <FormAlert title={i18n._(authMessages.incorrect)}>
            <p>{i18n._(authMessages.incorrectHelp)}</p>
            <Button variant="secondary" size="sm" onClick={tryAgain} className="mt-2">
              <Trans>Try Again</Trans>
            </Button>
          </FormAlert>
        </div>
      ) : problem ? (
        <div className="mb-4">
          <ProblemAlert problem={problem} fallback={authMessages.loginFailed} />
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <EmailField autoFocus value={email} {...fields.bind('email', setEmail)} />
        <PasswordField label={t`Password`} name="password" autoComplete="current-password" required value={password} {...fields.bind('password', setPassword)} />
        <div className="text-right">
          <Link href="/auth/forgot-password" className="text-sm font-medium text-primary underline underline-offset-2">
            <Trans>Forgot your password?</Trans>
          </Link>
        </div>
        <SubmitButton busy={busy} busyLabel={t`Signing in…`} label={t`Sign in`} />
      </form>
      <div className="mt-4">
        <Suspense fallback={null}>
          <GoogleSignIn text="signin_with" />
        </Suspense>
      </div>
    </AuthCard>
  );
}
