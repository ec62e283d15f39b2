import { cn } from './cn';

export interface IconProps {
  /** An SVG path from @mdi/js. */
  path: string;
  size?: number;
  className?: string;
  /** A title makes the icon meaningful to screen readers; without one it is decorative. */
  title?: string;
}

/** An @mdi/js icon drawn in the current text colour. */
export function Icon({ path, size = 20, className, title }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className={cn('shrink-0 fill-current', className)}
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
      focusable="false"
    >
      {title && <title>{title}</title>}
      <path d={path} />
    </svg>
  );
}
