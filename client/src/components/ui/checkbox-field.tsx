import { useId, type ReactNode, type Ref } from 'react';
import { cn, focusRing } from './cn';

export interface CheckboxFieldProps {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** The label beside the box; the whole row is the tap target. */
  children: ReactNode;
  /** Translated error text; sets aria-invalid and is linked through aria-describedby. */
  error?: string | null;
  required?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A form's native checkbox with its label beside it (the whole row is the tap target) and an error below, linked
 * for assistive technology. Lists use `Checkbox`, which holds no form state.
 */
export function CheckboxField({ checked, onCheckedChange, children, error, required, ref }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3 py-2 text-sm text-ink">
        <input
          id={id}
          ref={ref}
          type="checkbox"
          checked={checked}
          onChange={(e) => onCheckedChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={errorId}
          className={cn('mt-0.5 size-5 shrink-0 rounded accent-primary', focusRing)}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
