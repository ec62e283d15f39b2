import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, Redirect } from 'wouter';
import { Button, buttonClass } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { useFeatureToggles } from '../../lib/feature-toggles';
import { useAuth } from '../../session/auth-store';
import type { NewAccount } from './actions';
import { AuthCard } from './components/auth-card';
import { authMessages } from './messages';
import { AFTER_LOGIN } from './redirect';
import { RegisterCodeForm } from './register-code-form';
import { RegisterDetailsForm } from './register-details-form';
import { useCountdown } from './use-countdown';

/** Seconds before a new code may be requested (the server allows one per email per minute). */
export const RESEND_SECONDS = 60;

type Step = 'details' | 'code' | 'exists';

/** "Continue with Google": its own chunk, which loads Google's script only when the server offers it. */
const GoogleSignIn = lazy(() => import('./google-sign-in'));

/** Two-step registration (/auth/register): send a code, then finish with the code and a password. */
export function RegisterScreen() {
  const { i18n } = useLingui();
  const { authenticated } = useAuth();
  const [step, setStep] = useState<Step>('details');
  const [account, setAccount] = useState<NewAccount>({ name: '', email: '', hasAcceptedTerms: false, marketingConsent: false });
  const countdown = useCountdown();
  /** The address the last code went to, so coming back from step 2 does not ask for another one too soon. */
  const sentTo = useRef<string | null>(null);
  const { registration } = useFeatureToggles();

  if (authenticated) return <Redirect to={AFTER_LOGIN} replace />;

  if (!registration) {
    return (
      <AuthCard title={<Trans>Create account</Trans>}>
        <FormAlert tone="info">
          <p>
            <Trans>Registration is closed on this server</Trans>
          </p>
        </FormAlert>
        <div className="mt-4">
          <Link href="/auth/login" className={buttonClass('primary', 'md', 'w-full')}>
            <Trans>Sign in</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (step === 'exists') {
    return (
      <AuthCard title={i18n._(authMessages.existsTitle)}>
        <FormAlert tone="info">
          <p>{i18n._(authMessages.existsText)}</p>
          <p>{i18n._(authMessages.existsQuestion)}</p>
        </FormAlert>
        <div className="mt-4 flex flex-col gap-3">
          <Link href={`/auth/login?email=${encodeURIComponent(account.email)}`} className={buttonClass('primary', 'md', 'w-full')}>
            <Trans>Sign in</Trans>
          </Link>
          <Button variant="secondary" onClick={() => setStep('details')} className="w-full">
            <Trans>Use a different email</Trans>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={<Trans>Create account</Trans>}
      subtitle={
        step === 'details' ? (
          <Trans>Step 1 of 2: tell us who you are.</Trans>
        ) : (
          <Trans>Step 2 of 2: check your email and choose a password.</Trans>
        )
      }
      footer={
        <p>
          <Trans>
            Already have an account?{' '}
            <Link href="/auth/login" className="font-medium text-primary underline underline-offset-2">
              Sign in
            </Link>
          </Trans>
        </p>
      }
    >
      {step === 'details' ? (
        <RegisterDetailsForm
          initial={account}
          skipSend={(next) => sentTo.current === next.email && countdown.left > 0}
          onSent={(next) => {
            if (sentTo.current !== next.email || countdown.left === 0) countdown.start(RESEND_SECONDS);
            sentTo.current = next.email;
            setAccount(next);
            setStep('code');
          }}
        />
      ) : (
        <RegisterCodeForm
          account={account}
          resendIn={countdown.left}
          onResent={(seconds) => countdown.start(seconds)}
          onBack={() => setStep('details')}
          onExists={() => setStep('exists')}
        />
      )}
      {step === 'details' && (
        <div className="mt-4">
          <Suspense fallback={null}>
            <GoogleSignIn text="signup_with" />
          </Suspense>
        </div>
      )}
    </AuthCard>
  );
}
