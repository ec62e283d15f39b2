import { mdiCheck } from '@mdi/js';
import { Checkbox as RadixCheckbox } from 'radix-ui';
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

/** A checkbox with a 44 px tap area around a 22 px box. */
export function Checkbox({ checked, onCheckedChange, label, id, disabled, shape = 'square', tabIndex, className, ref }: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      ref={ref}
      id={id}
      checked={checked}
      disabled={disabled}
      tabIndex={tabIndex}
      aria-label={label}
      onCheckedChange={(v) => onCheckedChange(v === true)}
      onClick={(e) => e.stopPropagation()}
      className={cn('group inline-flex size-11 shrink-0 items-center justify-center rounded-full sm:size-9', focusRing, className)}
    >
      <span
        className={cn(
          'flex size-[22px] items-center justify-center border-2 transition-colors',
          shape === 'round' ? 'rounded-full' : 'rounded-md',
          checked ? 'border-primary bg-primary text-primary-contrast' : 'border-muted/70 group-hover:border-primary',
        )}
      >
        {/* A plain element, not Radix's Indicator: its Presence reads getComputedStyle on mount, which forces a
            style recalculation per row when a list of checkboxes renders. */}
        <span data-state={checked ? 'checked' : 'unchecked'} className={checked ? 'flex' : 'hidden'} aria-hidden>
          <svg viewBox="0 0 24 24" width={16} height={16} className="fill-current">
            <path d={mdiCheck} />
          </svg>
        </span>
      </span>
    </RadixCheckbox.Root>
  );
}
