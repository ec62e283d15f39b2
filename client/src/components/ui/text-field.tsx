import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn, fieldBox } from './cn';

export interface FieldFrameProps {
  id: string;
  label: string;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label above, hint or error below: the frame every form field shares. */
export function FieldFrame({ id, label, hideLabel, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-ink'}>
        {label}
      </label>
      {children}
      <FieldMessage id={id} hint={hint} error={error} />
    </div>
  );
}

/** Below a field: its error (announced) or else its hint; `describedBy` names the one shown. */
export function FieldMessage({ id, hint, error }: { id: string; hint?: ReactNode; error?: ReactNode }) {
  return error ? (
    <p id={`${id}-error`} role="alert" className="text-sm text-danger">
      {error}
    </p>
  ) : hint ? (
    <p id={`${id}-hint`} className="text-xs text-muted">
      {hint}
    </p>
  ) : null;
}

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  /** Content drawn inside the field on the right (an icon button, say). */
  end?: ReactNode;
  /** Content drawn inside the field on the left (an icon). */
  start?: ReactNode;
  containerClassName?: string;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled text input. */
export function TextField({ label, hideLabel, hint, error, end, start, id, className, containerClassName, ...props }: TextFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} hideLabel={hideLabel} hint={hint} error={error} className={containerClassName}>
      <div className="relative flex items-center">
        {start && <span className="pointer-events-none absolute left-3 flex text-muted">{start}</span>}
        <input
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(fieldId, hint, error)}
          className={cn(fieldBox, start ? 'pl-10' : null, end ? 'pr-12' : null, className)}
          {...props}
        />
        {end && <span className="absolute right-0.5 flex">{end}</span>}
      </div>
    </FieldFrame>
  );
}
