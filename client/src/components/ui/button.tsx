import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn, focusRing } from './cn';
import { Icon } from './icon';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-contrast hover:opacity-90',
  secondary: 'border border-line bg-surface text-ink hover:bg-surface-2',
  ghost: 'text-ink hover:bg-surface-2',
  danger: 'bg-danger text-white hover:opacity-90 dark:text-surface',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** An @mdi/js path shown before the label. */
  icon?: string;
  /** Work in progress: the button is disabled and shows `busyLabel` (when given) instead of its label. */
  busy?: boolean;
  busyLabel?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The look of a `Button`, for a link that should look like one. */
export function buttonClass(variant: ButtonVariant = 'secondary', size: 'md' | 'sm' = 'md', className?: string): string {
  return cn(
    'inline-flex select-none items-center justify-center gap-1.5 rounded-lg font-medium transition-colors disabled:pointer-events-none disabled:opacity-50',
    size === 'md' ? 'min-h-11 px-4 text-sm sm:min-h-10' : 'min-h-11 px-3 text-sm sm:min-h-8',
    VARIANTS[variant],
    focusRing,
    className,
  );
}

/** A button; 44 px tall on narrow screens so it is easy to tap. */
export function Button({ variant = 'secondary', size = 'md', icon, busy = false, busyLabel, className, children, disabled, type = 'button', ...props }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || busy} aria-busy={busy || undefined} className={buttonClass(variant, size, className)} {...props}>
      {icon && <Icon path={icon} size={18} />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** An @mdi/js path. */
  icon: string;
  /** The accessible name (also the tooltip). */
  label: string;
  size?: 'md' | 'sm';
  ref?: Ref<HTMLButtonElement>;
}

/** A square icon-only button with an accessible name; 44 px on narrow screens. */
export function IconButton({ icon, label, size = 'md', className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-ink disabled:pointer-events-none disabled:opacity-40',
        size === 'md' ? 'size-11 sm:size-10' : 'size-11 sm:size-8',
        focusRing,
        className,
      )}
      {...props}
    >
      <Icon path={icon} size={size === 'md' ? 22 : 18} />
    </button>
  );
}
