import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, Redirect, useSearch } from 'wouter';
import { login } from './actions';
import { useAuth } from './auth-store';
import { AuthCard } from './components/auth-card';
import { Button } from './components/button';
import { FormAlert } from './components/form-alert';
import { TextField } from './components/text-field';
import { problemMessage, toProblem, type AuthProblem } from './errors';
import { authMessages } from './messages';
import { safeRedirect } from './redirect';
import { pickFields, useFieldErrors } from './use-field-errors';
import { checkEmail, checkLoginPassword, validate } from './validation';

const FIELDS = ['email', 'password'] as const;

/** Sign in (/auth/login): email and password; after success the `redirect` path or the dashboard. */
export function LoginScreen() {
  const { t, i18n } = useLingui();
  const { authenticated } = useAuth();
  const params = new URLSearchParams(useSearch());
  const target = safeRedirect(params.get('redirect'));
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const fields = useFieldErrors(FIELDS);

  if (authenticated) return <Redirect to={target} replace />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const { problems } = validate([
      ['email', checkEmail(email)],
      ['password', checkLoginPassword(password)],
    ]);
    if (!fields.show(problems)) return;
    setBusy(true);
    try {
      await login(email.trim(), password);
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'fields' && !fields.show(pickFields(p.fields, FIELDS))) setProblem(null);
      else setProblem(p);
    } finally {
      setBusy(false);
    }
  }

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
        <p>
          <Trans>
            New here?{' '}
            <Link href="/auth/register" className="font-medium text-primary underline-offset-2 hover:underline">
              Create an account
            </Link>
          </Trans>
        </p>
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
            <Button variant="secondary" onClick={tryAgain} className="mt-2 min-h-10 py-1.5 text-sm">
              <Trans>Try Again</Trans>
            </Button>
          </FormAlert>
        </div>
      ) : problem ? (
        <div className="mb-4">
          <FormAlert>{i18n._(problemMessage(problem, authMessages.loginFailed))}</FormAlert>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="space-y-4">
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
        <TextField
          label={<Trans>Password</Trans>}
          revealable
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            fields.clear('password');
          }}
          error={fields.error('password')}
          inputRef={fields.ref('password')}
        />
        <div className="text-right">
          <Link href="/auth/forgot-password" className="text-sm font-medium text-primary underline-offset-2 hover:underline">
            <Trans>Forgot your password?</Trans>
          </Link>
        </div>
        <Button type="submit" busy={busy} busyLabel={t`Signing in…`} className="w-full">
          <Trans>Sign in</Trans>
        </Button>
      </form>
    </AuthCard>
  );
}
