/** The form pieces every auth screen shares (sign-in is in the first bundle, so only what it needs is here). */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import { problemMessage, type AuthProblem } from '../errors';

export type FieldProps = Omit<TextFieldProps, 'label'>;

/** The email address field of the auth forms. */
export function EmailField(props: FieldProps) {
  const { t } = useLingui();
  return <TextField label={t`Email`} type="email" name="email" autoComplete="email" inputMode="email" required {...props} />;
}

/** A form's general problem, worded by the spec's message for its kind (`fallback` when the kind has none). */
export function ProblemAlert({ problem, fallback }: { problem: AuthProblem | null; fallback: MessageDescriptor }) {
  const { i18n } = useLingui();
  return problem ? <FormAlert>{i18n._(problemMessage(problem, fallback))}</FormAlert> : null;
}

/** The form's full-width submit button; while `busy` it is disabled and says `busyLabel`. */
export function SubmitButton({ label, busy, busyLabel }: { label: string; busy: boolean; busyLabel: string }) {
  return (
    <Button type="submit" variant="primary" busy={busy} busyLabel={busyLabel} className="w-full">
      {label}
    </Button>
  );
}
