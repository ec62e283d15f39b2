import { useId, type ReactNode, type Ref } from 'react';

interface CheckboxFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
}

/** A native checkbox with a wrapping label (the whole row is the tap target) and a linked error. */
export function CheckboxField({ checked, onChange, children, error, required, inputRef, name }: CheckboxFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-start gap-3 py-2 text-sm text-ink">
        <input
          id={id}
          ref={inputRef}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 accent-primary"
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
