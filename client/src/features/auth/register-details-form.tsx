import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { TextField } from '../../components/ui/text-field';
import { sendCode, type NewAccount } from './actions';
import { EmailField, ProblemAlert, SubmitButton } from './components/auth-fields';
import { authMessages } from './messages';
import { useAuthForm } from './use-auth-form';
import { checkEmail, checkName, checkTerms } from './validation';
import { MarketingConsentText, TermsAgreementText } from './components/consent-text';

const FIELDS = ['name', 'email', 'terms'] as const;

/**
 * Registration step 1: name, email, terms (required) and marketing consent (optional); sends the code.
 * `skipSend` lets the user come back from step 2 without asking for a new code while the old one is fresh.
 */
export function RegisterDetailsForm({
  initial,
  skipSend,
  onSent,
}: {
  initial: NewAccount;
  skipSend: (account: NewAccount) => boolean;
  onSent: (account: NewAccount, waitSeconds?: number) => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState(initial.name);
  const [email, setEmail] = useState(initial.email);
  const [terms, setTerms] = useState(initial.hasAcceptedTerms);
  const [marketing, setMarketing] = useState(initial.marketingConsent);
  const { fields, busy, problem, onSubmit } = useAuthForm(FIELDS);

  const submit = onSubmit(
    () => [
      ['name', checkName(name)],
      ['email', checkEmail(email)],
      ['terms', checkTerms(terms)],
    ],
    async () => {
      const account: NewAccount = { name: name.trim(), email: email.trim().toLowerCase(), hasAcceptedTerms: true, marketingConsent: marketing };
      if (!skipSend(account)) await sendCode(account);
      onSent(account);
    },
  );

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <ProblemAlert problem={problem} fallback={authMessages.registrationFailed} />
      <TextField label={t`Name`} name="name" autoComplete="name" autoFocus required value={name} {...fields.bind('name', setName)} />
      <EmailField value={email} {...fields.bind('email', setEmail)} hint={<Trans>We will send a 6-digit code to this address.</Trans>} />
      <div>
        <CheckboxField
          required
          checked={terms}
          onCheckedChange={(v) => {
            setTerms(v);
            fields.clear('terms');
          }}
          error={fields.error('terms')}
          ref={fields.ref('terms')}
        >
          <TermsAgreementText />
        </CheckboxField>
        <CheckboxField checked={marketing} onCheckedChange={setMarketing}>
          <MarketingConsentText />
        </CheckboxField>
      </div>
      <SubmitButton busy={busy} busyLabel={t`Sending code…`} label={t`Send code`} />
    </form>
  );
}
