import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { FormAlert } from '../../components/ui/form-alert';
import { PasswordField } from '../../components/ui/password-field';
import { GOOGLE_SIGNIN_ERRORS as CODES } from '@adhd/shared/google/signin';
import { ApiError } from '../../lib/api';
import { signInWithGoogle } from './actions';
import { problemMessage, toProblem } from './errors';
import { GoogleButton, type GoogleButtonText } from './google-button';
import { googleMessages } from './google-messages';
import { fieldMessage } from './messages';
import { MarketingConsentText, TermsAgreementText } from './components/consent-text';

type Step = { kind: 'button' } | { kind: 'terms'; token: string } | { kind: 'password'; token: string };

/** The follow-up step is set apart from the screen's own form: one obvious next action. */
const STEP_CLASS = 'space-y-3 rounded-xl border-2 border-primary/60 bg-surface-2 p-4';

/**
 * "Continue with Google" on the sign-in and registration screens (a lazy chunk of its own). Google's button hands
 * over an ID token; the server signs in, or asks once for more: the terms (a new account; one tap to continue) or
 * the password of the existing account with the same email (to link it; said why in one sentence).
 */
export default function GoogleSignIn({ text }: { text: GoogleButtonText }) {
  const { t, i18n } = useLingui();
  const [step, setStep] = useState<Step>({ kind: 'button' });
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [marketing, setMarketing] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [available, setAvailable] = useState(false);

  async function attempt(token: string, extra: { acceptTerms?: boolean; marketingConsent?: boolean; password?: string } = {}) {
    setBusy(true);
    setError(null);
    try {
      await signInWithGoogle({ token, ...extra });
      // Signed in: the screen redirects on its own (it watches the session).
    } catch (err) {
      const code = err instanceof ApiError ? err.code : null;
      if (code === CODES.termsRequired) setStep({ kind: 'terms', token });
      else if (code === CODES.passwordRequired) {
        setStep({ kind: 'password', token });
        if (extra.password !== undefined) setPasswordError(i18n._(googleMessages.wrongPassword));
      } else {
        setStep({ kind: 'button' });
        const p = toProblem(err);
        if (code === 'FEATURE_DISABLED') setError(i18n._(googleMessages.registrationClosed));
        else if (p.kind === 'network' || p.kind === 'rateLimited' || p.kind === 'accountDisabled' || p.kind === 'tokenStorage') {
          setError(i18n._(problemMessage(p, googleMessages.loginFailed)));
        } else setError(i18n._(googleMessages.loginFailed));
      }
    } finally {
      setBusy(false);
    }
  }

  function continueWithTerms(event: FormEvent, token: string) {
    event.preventDefault();
    if (!terms) {
      setTermsError(i18n._(fieldMessage({ key: 'validation.terms' })));
      return;
    }
    void attempt(token, { acceptTerms: true, marketingConsent: marketing });
  }

  function continueWithPassword(event: FormEvent, token: string) {
    event.preventDefault();
    if (!password) {
      setPasswordError(i18n._(fieldMessage({ key: 'validation.required' })));
      return;
    }
    setPasswordError(null);
    void attempt(token, { password });
  }

  const cancel = () => {
    setStep({ kind: 'button' });
    setPassword('');
    setPasswordError(null);
    setTermsError(null);
  };

  if (step.kind === 'terms') {
    return (
      <form noValidate onSubmit={(e) => continueWithTerms(e, step.token)} className={STEP_CLASS} aria-label={t`Create your account with Google`}>
        <p className="font-semibold text-ink">
          <Trans>Continue with Google</Trans>
        </p>
        <p className="text-sm text-ink">
          <Trans>One more step: this creates your account with your Google email.</Trans>
        </p>
        <CheckboxField
          required
          checked={terms}
          onCheckedChange={(v) => {
            setTerms(v);
            setTermsError(null);
          }}
          error={termsError}
        >
          <TermsAgreementText />
        </CheckboxField>
        <CheckboxField checked={marketing} onCheckedChange={setMarketing}>
          <MarketingConsentText />
        </CheckboxField>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" variant="primary" busy={busy} busyLabel={t`Creating account…`} className="w-full sm:w-auto">
            <Trans>Create account</Trans>
          </Button>
          <Button variant="ghost" onClick={cancel} className="w-full sm:w-auto">
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    );
  }

  if (step.kind === 'password') {
    return (
      <form noValidate onSubmit={(e) => continueWithPassword(e, step.token)} className={STEP_CLASS} aria-label={t`Link Google to your account`}>
        <p className="font-semibold text-ink">
          <Trans>Continue with Google</Trans>
        </p>
        <p className="text-sm text-ink">
          <Trans>You already have an account with this email. Enter its password once to link Google to it.</Trans>
        </p>
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          autoFocus
          value={password}
          error={passwordError}
          onChange={(e) => {
            setPassword(e.target.value);
            setPasswordError(null);
          }}
        />
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button type="submit" variant="primary" busy={busy} busyLabel={t`Signing in…`} className="w-full sm:w-auto">
            <Trans>Link and sign in</Trans>
          </Button>
          <Button variant="ghost" onClick={cancel} className="w-full sm:w-auto">
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    );
  }

  return (
    <div className="space-y-3">
      {available && (
        <div className="flex items-center gap-3 text-sm text-muted" aria-hidden>
          <span className="h-px flex-1 bg-line" />
          <Trans>or</Trans>
          <span className="h-px flex-1 bg-line" />
        </div>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <GoogleButton text={text} onCredential={(token) => void attempt(token)} onShown={() => setAvailable(true)} className="flex min-h-11 justify-center" />
    </div>
  );
}
