import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { register, sendCode, verifyRegistrationCode, type NewAccount } from './actions';
import { ProblemAlert, SubmitButton } from './components/auth-fields';
import { CodeField, ResendCode } from './components/code-fields';
import { ConfirmPasswordField, NewPasswordField } from './components/password-fields';
import { authMessages } from './messages';
import { useAuthForm } from './use-auth-form';
import { checkCode, checkConfirm, checkPassword } from './validation';

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
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  /** The registration proof, once the code was accepted: a retry (say, after a refused password) reuses it. */
  const [proof, setProof] = useState<string | null>(null);
  const { fields, busy, problem, onSubmit } = useAuthForm(FIELDS);
  const email = account.email;
  const cleanCode = code.replace(/\s+/g, '');

  const submit = onSubmit(
    () => [
      ['code', checkCode(cleanCode)],
      ['password', checkPassword(password)],
      ['confirm', checkConfirm(password, confirm)],
    ],
    async () => {
      let verificationToken = proof;
      if (!verificationToken) {
        verificationToken = await verifyRegistrationCode(email, cleanCode);
        setProof(verificationToken);
      }
      await register({ ...account, verificationToken, password });
    },
    (p) => {
      if (p.kind === 'exists') onExists();
      else if (p.kind === 'invalidCode') fields.show({ code: { key: 'auth.invalidCode' } });
      // The proof expired (30 minutes) or was used: the code has to be checked again, after a resend.
      else if (p.kind === 'invalidProof') {
        setProof(null);
        fields.show({ code: { key: 'auth.invalidCode' } });
      } else return false;
      return true;
    },
  );

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
      <ProblemAlert problem={problem} fallback={authMessages.finishFailed} />
      <CodeField autoFocus value={code} {...fields.bind('code', setCode)} className="tracking-[0.3em]" />
      <ResendCode
        secondsLeft={resendIn}
        send={async () => {
          await sendCode(account);
          return true;
        }}
        onWait={onResent}
      />
      <NewPasswordField label={t`Password`} value={password} {...fields.bind('password', setPassword)} />
      <ConfirmPasswordField value={confirm} {...fields.bind('confirm', setConfirm)} />
      <SubmitButton busy={busy} busyLabel={t`Creating your account…`} label={t`Create my account`} />
    </form>
  );
}
