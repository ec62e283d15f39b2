import { Trans } from '@lingui/react/macro';

const linkClass = 'font-medium text-primary underline underline-offset-2';

/** The registration consents' labels, the same wherever an account is created (the form, or Google's first sign-in). */
export function TermsAgreementText() {
  return (
    <Trans>
      I agree to the{' '}
      <a href="/terms" target="_blank" rel="noopener" className={linkClass}>
        terms and conditions
      </a>{' '}
      and the{' '}
      <a href="/privacy" target="_blank" rel="noopener" className={linkClass}>
        privacy policy
      </a>
    </Trans>
  );
}

export function MarketingConsentText() {
  return <Trans>Send me occasional news and tips by email (optional)</Trans>;
}
