/** Join class names, skipping falsy ones. */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}

/**
 * The visible keyboard focus ring every interactive building block uses. In Tailwind 4 `outline-none` sets the
 * outline style to none, which `outline-2` alone keeps: the ring names its style (`outline-solid`) to show.
 */
export const focusRing = 'outline-none focus-visible:outline-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

/** The look of a text input, also used by buttons that open pickers. */
export const fieldBox =
  'w-full rounded-lg border border-line bg-surface px-3 text-ink placeholder:text-muted min-h-11 sm:min-h-10 ' +
  'outline-none focus-visible:outline-solid focus-visible:outline-2 focus-visible:-outline-offset-1 focus-visible:outline-primary ' +
  'aria-[invalid=true]:border-danger disabled:opacity-60';
