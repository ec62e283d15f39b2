import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { cn, focusRing } from './cn';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide toggle inside the field (the typed text stays editable either way). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'end'>) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          aria-pressed={shown}
          aria-label={shown ? t`Hide password` : t`Show password`}
          className={cn('mr-0.5 min-h-10 rounded-md px-3 text-sm font-medium text-primary hover:bg-surface-2 sm:min-h-9', focusRing)}
        >
          {shown ? t`Hide` : t`Show`}
        </button>
      }
      className={cn('pr-20', props.className)}
    />
  );
}
