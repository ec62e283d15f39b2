import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { sendCode, type NewAccount } from './actions';
import { Button } from './components/button';
import { CheckboxField } from './components/checkbox-field';
import { FormAlert } from './components/form-alert';
import { TextField } from './components/text-field';
import { problemMessage, toProblem, type AuthProblem } from './errors';
import { authMessages } from './messages';
import { pickFields, useFieldErrors } from './use-field-errors';
import { checkEmail, checkName, checkTerms, validate } from './validation';

const FIELDS = ['name', 'email', 'terms'] as const;
const linkClass = 'font-medium text-primary underline underline-offset-2';

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
  const { t, i18n } = useLingui();
  const [name, setName] = useState(initial.name);
  const [email, setEmail] = useState(initial.email);
  const [terms, setTerms] = useState(initial.hasAcceptedTerms);
  const [marketing, setMarketing] = useState(initial.marketingConsent);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const fields = useFieldErrors(FIELDS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const { problems } = validate([
      ['name', checkName(name)],
      ['email', checkEmail(email)],
      ['terms', checkTerms(terms)],
    ]);
    if (!fields.show(problems)) return;
    const account: NewAccount = { name: name.trim(), email: email.trim().toLowerCase(), hasAcceptedTerms: true, marketingConsent: marketing };
    if (skipSend(account)) return onSent(account);
    setBusy(true);
    try {
      await sendCode(account);
      onSent(account);
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'fields' && !fields.show(pickFields(p.fields, FIELDS))) return;
      setProblem(p);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {problem && <FormAlert>{i18n._(problemMessage(problem, authMessages.registrationFailed))}</FormAlert>}
      <TextField
        label={<Trans>Name</Trans>}
        name="name"
        autoComplete="name"
        autoFocus
        required
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          fields.clear('name');
        }}
        error={fields.error('name')}
        inputRef={fields.ref('name')}
      />
      <TextField
        label={<Trans>Email</Trans>}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          fields.clear('email');
        }}
        error={fields.error('email')}
        inputRef={fields.ref('email')}
        hint={<Trans>We will send a 6-digit code to this address.</Trans>}
      />
      <div>
        <CheckboxField
          name="terms"
          required
          checked={terms}
          onChange={(v) => {
            setTerms(v);
            fields.clear('terms');
          }}
          error={fields.error('terms')}
          inputRef={fields.ref('terms')}
        >
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
        </CheckboxField>
        <CheckboxField name="marketing" checked={marketing} onChange={setMarketing}>
          <Trans>Send me occasional news and tips by email (optional)</Trans>
        </CheckboxField>
      </div>
      <Button type="submit" busy={busy} busyLabel={t`Sending code…`} className="w-full">
        <Trans>Send code</Trans>
      </Button>
    </form>
  );
}
