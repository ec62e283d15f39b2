import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { register, sendCode, verifyRegistrationCode, type NewAccount } from './actions';
import { Button } from './components/button';
import { FormAlert } from './components/form-alert';
import { TextField } from './components/text-field';
import { problemMessage, toProblem, type AuthProblem } from './errors';
import { authMessages } from './messages';
import { pickFields, useFieldErrors } from './use-field-errors';
import { checkCode, checkConfirm, checkPassword, validate } from './validation';

const FIELDS = ['code', 'password', 'confirm'] as const;

/** Registration step 2: the mailed code, a password and its confirmation; a resend link after a countdown. */
export function RegisterCodeForm({
  account,
  resendIn,
  onResent,
  onBack,
  onExists,
}: {
  account: NewAccount;
  /** Seconds until a new code may be requested. */
  resendIn: number;
  onResent: (waitSeconds: number) => void;
  onBack: () => void;
  onExists: () => void;
}) {
  const { t, i18n } = useLingui();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  /** The registration proof, once the code was accepted: a retry (say, after a refused password) reuses it. */
  const [proof, setProof] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const [resendNote, setResendNote] = useState<'sent' | AuthProblem | null>(null);
  const fields = useFieldErrors(FIELDS);
  const email = account.email;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    const cleanCode = code.replace(/\s+/g, '');
    const { problems } = validate([
      ['code', checkCode(cleanCode)],
      ['password', checkPassword(password)],
      ['confirm', checkConfirm(password, confirm)],
    ]);
    if (!fields.show(problems)) return;
    setBusy(true);
    try {
      let verificationToken = proof;
      if (!verificationToken) {
        verificationToken = await verifyRegistrationCode(email, cleanCode);
        setProof(verificationToken);
      }
      await register({ ...account, verificationToken, password });
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'exists') return onExists();
      if (p.kind === 'invalidCode') return void fields.show({ code: { key: 'auth.invalidCode' } });
      if (p.kind === 'invalidProof') {
        // The proof expired (30 minutes) or was used: the code has to be checked again, after a resend.
        setProof(null);
        return void fields.show({ code: { key: 'auth.invalidCode' } });
      }
      if (p.kind === 'fields' && !fields.show(pickFields(p.fields, FIELDS))) return;
      setProblem(p);
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    if (resending || resendIn > 0) return;
    setResending(true);
    setResendNote(null);
    try {
      await sendCode(account);
      setResendNote('sent');
      onResent(60);
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'rateLimited') onResent(p.seconds);
      setResendNote(p);
    } finally {
      setResending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <p className="text-sm text-muted">
        <Trans>
          We sent a 6-digit code to <strong className="font-semibold text-ink">{email}</strong>. It is valid for 10 minutes.
        </Trans>{' '}
        <button type="button" onClick={onBack} className="font-medium text-primary underline underline-offset-2">
          <Trans>Change email</Trans>
        </button>
      </p>
      {problem && <FormAlert>{i18n._(problemMessage(problem, authMessages.finishFailed))}</FormAlert>}
      <TextField
        label={<Trans>Verification code</Trans>}
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoFocus
        required
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          fields.clear('code');
        }}
        error={fields.error('code')}
        inputRef={fields.ref('code')}
        className="[&_input]:tracking-[0.3em]"
      />
      <div className="text-sm" aria-live="polite">
        {resendIn > 0 ? (
          <p className="text-muted">
            <Plural value={resendIn} one="You can ask for a new code in # second." other="You can ask for a new code in # seconds." />
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
      <TextField
        label={<Trans>Password</Trans>}
        revealable
        name="new-password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          fields.clear('password');
        }}
        error={fields.error('password')}
        inputRef={fields.ref('password')}
        hint={<Trans>At least 8 characters. A short sentence is easy to remember.</Trans>}
      />
      <TextField
        label={<Trans>Confirm password</Trans>}
        revealable
        name="confirm-password"
        autoComplete="new-password"
        required
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          fields.clear('confirm');
        }}
        error={fields.error('confirm')}
        inputRef={fields.ref('confirm')}
      />
      <Button type="submit" busy={busy} busyLabel={t`Creating your account…`} className="w-full">
        <Trans>Create my account</Trans>
      </Button>
    </form>
  );
}
