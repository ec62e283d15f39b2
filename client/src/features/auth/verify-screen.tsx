import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { resendVerification, verifyEmail } from './actions';
import { useAuth } from './auth-store';
import { AuthCard } from './components/auth-card';
import { Button, buttonClass } from './components/button';
import { FormAlert } from './components/form-alert';
import { TextField } from './components/text-field';
import { problemMessage, toProblem, type AuthProblem } from './errors';
import { authMessages } from './messages';
import { pickFields, useFieldErrors } from './use-field-errors';
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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const [done, setDone] = useState<'verified' | 'refreshFailed' | null>(null);
  const [resending, setResending] = useState(false);
  const [resendNote, setResendNote] = useState<'sent' | AuthProblem | null>(null);
  const countdown = useCountdown(params.get('sent') === '1' ? 60 : 0);
  const fields = useFieldErrors(FIELDS);
  const address = knownEmail || email.trim();
  const secondsLeft = countdown.left;

  if (authenticated && user?.emailVerified && !done) {
    const verifiedEmail = user.email;
    return (
      <AuthCard title={<Trans>Your email is verified</Trans>}>
        <FormAlert tone="success">
          <Trans>{verifiedEmail} is confirmed. Nothing else to do here.</Trans>
        </FormAlert>
        <Link href="/dashboard" className={buttonClass('primary', 'mt-4 w-full')}>
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
          <Link href="/dashboard" className={buttonClass('primary', 'mt-4 w-full')}>
            <Trans>Go to dashboard</Trans>
          </Link>
        ) : (
          <Link href={`/auth/login?email=${encodeURIComponent(address)}`} className={buttonClass('primary', 'mt-4 w-full')}>
            <Trans>Sign in</Trans>
          </Link>
        )}
      </AuthCard>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const clean = code.replace(/\s+/g, '');
    const { problems } = validate([
      ['email', knownEmail ? null : checkEmail(email)],
      ['code', checkCode(clean)],
    ]);
    if (!fields.show(problems)) return;
    setBusy(true);
    try {
      await verifyEmail(address.toLowerCase(), clean);
      setDone('verified');
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'refreshFailed') return setDone('refreshFailed');
      if (p.kind === 'invalidCode') return void fields.show({ code: { key: 'auth.invalidCode' } });
      if (p.kind === 'fields' && !fields.show(pickFields(p.fields, FIELDS))) return;
      setProblem(p);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (resending || countdown.left > 0) return;
    if (!knownEmail && !fields.show(validate([['email', checkEmail(email)]]).problems)) return;
    setResending(true);
    setResendNote(null);
    try {
      await resendVerification(address.toLowerCase());
      setResendNote('sent');
      countdown.start(60);
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'rateLimited') countdown.start(p.seconds);
      setResendNote(p);
    } finally {
      setResending(false);
    }
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
        {problem && <FormAlert>{i18n._(problemMessage(problem, authMessages.verificationFailed))}</FormAlert>}
        {!knownEmail && (
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
        )}
        <TextField
          label={<Trans>Verification code</Trans>}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus={Boolean(knownEmail)}
          required
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            fields.clear('code');
          }}
          error={fields.error('code')}
          inputRef={fields.ref('code')}
        />
        <Button type="submit" busy={busy} busyLabel={t`Verifying…`} className="w-full">
          <Trans>Verify</Trans>
        </Button>
        <div className="text-center text-sm" aria-live="polite">
          {countdown.left > 0 ? (
            <p className="text-muted">
              <Plural value={secondsLeft} one="You can ask for a new code in # second." other="You can ask for a new code in # seconds." />
            </p>
          ) : (
            <button type="button" onClick={resend} disabled={resending} className="min-h-11 font-medium text-primary underline underline-offset-2 disabled:opacity-60">
              {resending ? t`Sending a new code…` : t`Send a new code`}
            </button>
          )}
          {resendNote === 'sent' && (
            <p className="text-success">
              <Trans>A new code is on its way.</Trans>
            </p>
          )}
          {resendNote && resendNote !== 'sent' && (
            <p role="alert" className="text-danger">
              {i18n._(problemMessage(resendNote, authMessages.resendFailed))}
            </p>
          )}
        </div>
      </form>
    </AuthCard>
  );
}
