import { Trans, useLingui } from '@lingui/react/macro';
import { PasswordField } from '../../../components/ui/password-field';
import type { TextFieldProps } from '../../../components/ui/text-field';

type PasswordProps = Omit<TextFieldProps, 'label' | 'type' | 'end'> & { label?: string };

/** A new password: the shared rules as a hint, and the browser's password manager may suggest one. */
export function NewPasswordField({ label, ...props }: PasswordProps) {
  const { t } = useLingui();
  return (
    <PasswordField
      label={label ?? t`New password`}
      name="new-password"
      autoComplete="new-password"
      required
      hint={<Trans>At least 8 characters. A short sentence is easy to remember.</Trans>}
      {...props}
    />
  );
}

/** The new password once more. */
export function ConfirmPasswordField({ label, ...props }: PasswordProps) {
  const { t } = useLingui();
  return <PasswordField label={label ?? t`Confirm password`} name="confirm-password" autoComplete="new-password" required {...props} />;
}
