import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn, fieldBox } from './cn';

export interface FieldFrameProps {
  id: string;
  label: string;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  /**
   * False: the error is linked to the field (aria-describedby) but not announced as an alert, for forms that move
   * focus to the first invalid field (which reads it) and announce one summary of their own.
   */
  announceError?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label above, hint or error below: the frame every form field shares. */
export function FieldFrame({ id, label, hideLabel, hint, error, announceError = true, className, children }: FieldFrameProps) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-ink'}>
        {label}
      </label>
      {children}
      <FieldMessage id={id} hint={hint} error={error} announceError={announceError} />
    </div>
  );
}

/** Below a field: its error (announced unless `announceError` is false), then its hint; both stay visible. */
export function FieldMessage({ id, hint, error, announceError = true }: { id: string; hint?: ReactNode; error?: ReactNode; announceError?: boolean }) {
  return (
    <>
      {error && (
        <p id={`${id}-error`} role={announceError ? 'alert' : undefined} className="text-sm text-danger">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
    </>
  );
}

/** The ids of what describes a field: its error first, then its hint (both stay visible). */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  announceError?: boolean;
  /** Content drawn inside the field on the right (an icon button, say). */
  end?: ReactNode;
  /** Content drawn inside the field on the left (an icon). */
  start?: ReactNode;
  containerClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A text input shows where typing goes however it got focus (a click, a script moving focus to the first invalid
 * field, `autoFocus`), as browsers do for their own text inputs; `focusRing` alone shows only keyboard focus.
 */
const typingFocus = 'focus:outline-solid focus:outline-2 focus:-outline-offset-1 focus:outline-primary';

/** A labelled text input. */
export function TextField({ label, hideLabel, hint, error, announceError, end, start, id, className, containerClassName, ...props }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} hideLabel={hideLabel} hint={hint} error={error} announceError={announceError} className={containerClassName}>
      <div className="relative flex items-center">
        {start && <span className="pointer-events-none absolute left-3 flex text-muted">{start}</span>}
        <input
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          className={cn(fieldBox, typingFocus, start ? 'pl-10' : null, end ? 'pr-12' : null, className)}
          {...props}
        />
        {end && <span className="absolute right-0.5 flex">{end}</span>}
      </div>
    </FieldFrame>
  );
}
