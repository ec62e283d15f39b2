import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { useAuth } from '../../session/auth-store';
import { resendVerification, verifyEmail } from './actions';
import { AuthCard } from './components/auth-card';
import { EmailField, ProblemAlert, SubmitButton } from './components/auth-fields';
import { CodeField, ResendCode } from './components/code-fields';
import { authMessages } from './messages';
import { useAuthForm } from './use-auth-form';
import { useCountdown } from './use-countdown';
import { checkCode, checkEmail, validate } from './validation';

const FIELDS = ['email', 'code'] as const;

/** Email verification (/auth/verify): for a signed-in unverified user, or an address given as ?email=. */
export function VerifyScreen() {
  const { t, i18n } = useLingui();
  const { user, authenticated } = useAuth();
  const params = new URLSearchParams(useSearch());
  const knownEmail = authenticated && user ? user.email : (params.get('email') ?? '');
  const [email, setEmail] = useState(knownEmail);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<'verified' | 'refreshFailed' | null>(null);
  const countdown = useCountdown(params.get('sent') === '1' ? 60 : 0);
  const { fields, busy, problem, onSubmit } = useAuthForm(FIELDS);
  const address = knownEmail || email.trim();

  if (authenticated && user?.emailVerified && !done) {
    const verifiedEmail = user.email;
    return (
      <AuthCard title={<Trans>Your email is verified</Trans>}>
        <FormAlert tone="success">
          <Trans>{verifiedEmail} is confirmed. Nothing else to do here.</Trans>
        </FormAlert>
        <Link href="/dashboard" className={buttonClass('primary', 'md', 'mt-4 w-full')}>
          <Trans>Go to dashboard</Trans>
        </Link>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title={<Trans>Email verified</Trans>}>
        {done === 'refreshFailed' ? (
          <FormAlert tone="info">{i18n._(authMessages.refreshFailed)}</FormAlert>
        ) : (
          <FormAlert tone="success">
            <Trans>Thank you. Your email address is confirmed.</Trans>
          </FormAlert>
        )}
        {authenticated ? (
          <Link href="/dashboard" className={buttonClass('primary', 'md', 'mt-4 w-full')}>
            <Trans>Go to dashboard</Trans>
          </Link>
        ) : (
          <Link href={`/auth/login?email=${encodeURIComponent(address)}`} className={buttonClass('primary', 'md', 'mt-4 w-full')}>
            <Trans>Sign in</Trans>
          </Link>
        )}
      </AuthCard>
    );
  }

  const clean = code.replace(/\s+/g, '');
  const submit = onSubmit(
    () => [
      ['email', knownEmail ? null : checkEmail(email)],
      ['code', checkCode(clean)],
    ],
    async () => {
      await verifyEmail(address.toLowerCase(), clean);
      setDone('verified');
    },
    (p) => {
      if (p.kind === 'refreshFailed') setDone('refreshFailed');
      else if (p.kind === 'invalidCode') fields.show({ code: { key: 'auth.invalidCode' } });
      else return false;
      return true;
    },
  );

  async function resend(): Promise<boolean> {
    if (!knownEmail && !fields.show(validate([['email', checkEmail(email)]]).problems)) return false;
    await resendVerification(address.toLowerCase());
    return true;
  }

  return (
    <AuthCard
      title={<Trans>Verify your email</Trans>}
      subtitle={
        knownEmail ? (
          <Trans>
            Enter the 6-digit code we sent to <strong className="font-semibold text-ink">{knownEmail}</strong>.
          </Trans>
        ) : (
          <Trans>Enter your email and the 6-digit code we sent you.</Trans>
        )
      }
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <ProblemAlert problem={problem} fallback={authMessages.verificationFailed} />
        {!knownEmail && <EmailField autoFocus value={email} {...fields.bind('email', setEmail)} />}
        <CodeField autoFocus={Boolean(knownEmail)} value={code} {...fields.bind('code', setCode)} />
        <SubmitButton busy={busy} busyLabel={t`Verifying…`} label={t`Verify`} />
        <ResendCode secondsLeft={countdown.left} send={resend} onWait={countdown.start} className="text-center" />
      </form>
    </AuthCard>
  );
}
