import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn, fieldBox } from './cn';
import { describedBy, FieldFrame } from './text-field';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  hideLabel?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled multi-line field; 5 rows unless told (SPEC section 9). */
export function TextArea({ label, hideLabel, hint, error, id, rows = 5, className, ...props }: TextAreaProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldFrame id={fieldId} label={label} hideLabel={hideLabel} hint={hint} error={error}>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(fieldBox, 'resize-y py-2 leading-normal', className)}
        {...props}
      />
    </FieldFrame>
  );
}
