import { mdiCheck } from '@mdi/js';
import type { Ref } from 'react';
import { cn, focusRing } from './cn';

export interface CheckboxProps {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  /** The accessible name when no visible label sits next to it. */
  label?: string;
  id?: string;
  disabled?: boolean;
  /** Round reads as "done"; square as an option. */
  shape?: 'round' | 'square';
  tabIndex?: number;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A checkbox with a 44 px tap area around a 22 px box: a `button` with role="checkbox", as Radix's Checkbox renders
 * it, without the state that Radix's sets from a ref callback on mount (to find an enclosing form for its hidden
 * input). That state update re-rendered every checkbox of a list synchronously right after the list first showed.
 * No form submits these: their owners hold the value.
 */
export function Checkbox({ checked, onCheckedChange, label, id, disabled, shape = 'square', tabIndex, className, ref }: CheckboxProps) {
  return (
    <button
      ref={ref}
      type="button"
      role="checkbox"
      id={id}
      aria-checked={checked}
      aria-label={label}
      data-state={checked ? 'checked' : 'unchecked'}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      tabIndex={tabIndex}
      onClick={(e) => {
        e.stopPropagation();
        onCheckedChange(!checked);
      }}
      // WAI-ARIA checkboxes toggle with Space (a button's click) and not with Enter.
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
      className={cn('group inline-flex size-11 shrink-0 items-center justify-center rounded-full sm:size-9', focusRing, className)}
    >
      <span
        className={cn(
          'flex size-[22px] items-center justify-center border-2 transition-colors',
          shape === 'round' ? 'rounded-full' : 'rounded-md',
          checked ? 'border-primary bg-primary text-primary-contrast' : 'border-muted/70 group-hover:border-primary',
        )}
      >
        <span data-state={checked ? 'checked' : 'unchecked'} className={checked ? 'flex' : 'hidden'} aria-hidden>
          <svg viewBox="0 0 24 24" width={16} height={16} className="fill-current">
            <path d={mdiCheck} />
          </svg>
        </span>
      </span>
    </button>
  );
}
