import { mdiClose } from '@mdi/js';
import { Popover } from 'radix-ui';
import { useId, type ButtonHTMLAttributes, type ComponentProps, type ReactNode } from 'react';
import { IconButton } from './button';
import { cn, fieldBox, focusRing } from './cn';
import { Icon } from './icon';
import { describedBy, FieldMessage } from './text-field';

/** The floating panel of a picker (date, time, parent task): portalled above dialogs, kept inside the window. */
export function PopoverPanel({ className, children, ...props }: ComponentProps<typeof Popover.Content>) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="start"
        sideOffset={6}
        collisionPadding={8}
        {...props}
        className={cn('z-[70] rounded-xl border border-line bg-surface text-ink shadow-xl outline-none', className)}
      >
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}

export interface PopoverFieldProps {
  label: string;
  /** An @mdi/js path drawn at the start of the field. */
  icon: string;
  /** What the field shows; null shows `placeholder` in the muted colour. */
  display: ReactNode;
  placeholder: string;
  /** Shown while there is a value: an × button named `clearLabel` that calls `onClear`. */
  onClear(): void;
  clearLabel: string;
  hint?: ReactNode;
  error?: ReactNode;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The picker: usually a `PopoverPanel`, or a bottom sheet on narrow screens. */
  children: ReactNode;
}

/** A labelled button that looks like a field and opens a picker; clearable; hint or error below. */
export function PopoverField({ label, icon, display, placeholder, onClear, clearLabel, hint, error, open, onOpenChange, children }: PopoverFieldProps) {
  const id = useId();
  const empty = display === null;
  return (
    <div className="flex flex-col gap-1">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </span>
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <div className="relative flex items-center">
          <Popover.Trigger asChild>
            <button
              type="button"
              id={id}
              aria-labelledby={`${id}-label ${id}`}
              aria-describedby={describedBy(id, hint, error)}
              aria-invalid={error ? true : undefined}
              className={cn(fieldBox, 'flex items-center gap-2 pr-12 text-left text-sm')}
            >
              <Icon path={icon} size={18} className="text-muted" />
              <span className={cn('truncate', empty && 'text-muted')}>{empty ? placeholder : display}</span>
            </button>
          </Popover.Trigger>
          {!empty && (
            <span className="absolute right-0.5 flex">
              <IconButton icon={mdiClose} size="sm" label={clearLabel} onClick={onClear} />
            </span>
          )}
        </div>
        {children}
      </Popover.Root>
      <FieldMessage id={id} hint={hint} error={error} />
    </div>
  );
}


export interface PickerButtonFieldProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: ReactNode;
}

/** A labelled button that looks like a field and opens a picker dialog (an icon, a colour). */
export function PickerButtonField({ label, children, className, ...props }: PickerButtonFieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <button type="button" className={cn(fieldBox, 'flex items-center gap-2 text-left', focusRing, className)} {...props}>
        {children}
      </button>
    </div>
  );
}
