import { useLingui } from '@lingui/react/macro';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export const inputClass =
  'block min-h-11 w-full rounded-md border border-line bg-surface px-3 py-2 text-base text-ink placeholder:text-muted focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-invalid:border-danger aria-invalid:ring-danger/20';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Translated error text; sets aria-invalid and is announced through aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  /** A password field with a show/hide toggle. */
  revealable?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error linked for assistive technology. */
export function TextField({ label, error, hint, revealable, inputRef, type = 'text', className = '', ...rest }: TextFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [shown, setShown] = useState(false);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={inputRef}
          type={revealable ? (shown ? 'text' : 'password') : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} ${revealable ? 'pr-20' : ''}`}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-label={shown ? t`Hide password` : t`Show password`}
            className="absolute inset-y-1 right-1 rounded px-3 text-sm font-medium text-primary hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary"
          >
            {shown ? t`Hide` : t`Show`}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
