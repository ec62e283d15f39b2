import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { problemMessage, toProblem, type AuthProblem } from '../errors';
import { authMessages } from '../messages';
import type { FieldProps } from './auth-fields';

/** The mailed 6-digit code (the phone offers it from the message). */
export function CodeField(props: FieldProps) {
  const { t } = useLingui();
  return <TextField label={t`Verification code`} name="code" autoComplete="one-time-code" inputMode="numeric" required {...props} />;
}

/**
 * "Send a new code": a countdown while a new code may not be asked for yet, then the link. `send` asks for the
 * code (answering false when it did not try, say the email is invalid); `onWait` restarts the countdown: 60 s
 * after a sent code, or the server's wait after a refusal.
 */
export function ResendCode({
  secondsLeft,
  send,
  onWait,
  className = '',
}: {
  secondsLeft: number;
  send: () => Promise<boolean>;
  onWait: (seconds: number) => void;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const [resending, setResending] = useState(false);
  const [note, setNote] = useState<'sent' | AuthProblem | null>(null);

  async function resend() {
    if (resending || secondsLeft > 0) return;
    setResending(true);
    setNote(null);
    try {
      if (!(await send())) return;
      setNote('sent');
      onWait(60);
    } catch (err) {
      const p = toProblem(err);
      if (p.kind === 'rateLimited') onWait(p.seconds);
      setNote(p);
    } finally {
      setResending(false);
    }
  }

  return (
    <div className={`text-sm ${className}`} aria-live="polite">
      {secondsLeft > 0 ? (
        <p className="text-muted">
          <Plural value={secondsLeft} one="You can ask for a new code in # second." other="You can ask for a new code in # seconds." />
        </p>
      ) : (
        <button type="button" onClick={resend} disabled={resending} className="min-h-11 font-medium text-primary underline underline-offset-2 disabled:opacity-60">
          {resending ? t`Sending a new code…` : t`Send a new code`}
        </button>
      )}
      {note === 'sent' && (
        <p className="text-success">
          <Trans>A new code is on its way.</Trans>
        </p>
      )}
      {note && note !== 'sent' && (
        <p role="alert" className="text-danger">
          {i18n._(problemMessage(note, authMessages.resendFailed))}
        </p>
      )}
    </div>
  );
}
