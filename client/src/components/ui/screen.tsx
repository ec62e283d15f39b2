import type { ReactNode } from 'react';
import { cn } from './cn';
import { Icon } from './icon';

export interface ScreenHeaderProps {
  /** The id the screen's `aria-labelledby` points at. */
  titleId: string;
  title: ReactNode;
  /** The section colour of the title. */
  titleClassName?: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** The gap between title and actions (gap-2 unless given). */
  className?: string;
  /** The screen's actions, on the right. */
  children?: ReactNode;
}

/** A screen's header: its title (the page's h1) on the left, its actions on the right, wrapping when narrow. */
export function ScreenHeader({ titleId, title, titleClassName, subtitle, className = 'gap-2', children }: ScreenHeaderProps) {
  const heading = (
    <h1 id={titleId} className={cn('text-2xl font-semibold', !subtitle && 'mr-auto', titleClassName)}>
      {title}
    </h1>
  );
  return (
    <header className={cn('flex flex-wrap items-center', className)}>
      {subtitle ? (
        <div className="mr-auto">
          {heading}
          <p className="text-sm text-muted">{subtitle}</p>
        </div>
      ) : (
        heading
      )}
      {children}
    </header>
  );
}

export interface EmptyStateProps {
  title: ReactNode;
  hint: ReactNode;
  /** A large icon above the title (an @mdi/js path) in `iconColor`. */
  icon?: string;
  iconColor?: string;
  /** A call to action under the hint. */
  children?: ReactNode;
}

/** What a screen shows when it has nothing yet: a dashed card with a title, a hint and maybe an action; with an icon the parts stand further apart. */
export function EmptyState({ title, hint, icon, iconColor, children }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center rounded-2xl border border-dashed border-line bg-surface-2 px-6 py-10 text-center', icon ? 'gap-3' : 'gap-1')}>
      {icon && (
        <span className="flex" style={{ color: iconColor }}>
          <Icon path={icon} size={48} />
        </span>
      )}
      <h2 className={cn('text-lg', icon ? 'font-semibold' : 'font-medium')}>{title}</h2>
      <p className={cn('text-sm text-muted', icon && 'max-w-sm')}>{hint}</p>
      {children && <div className={cn(!icon && 'mt-3')}>{children}</div>}
    </div>
  );
}

/** Grey placeholders while a list loads (hidden from screen readers). */
export function ListSkeleton({ rowClassName, className = 'flex flex-col gap-2' }: { rowClassName: string; className?: string }) {
  return (
    <div aria-hidden className={className}>
      {[0, 1, 2].map((i) => (
        <div key={i} className={cn('rounded-xl bg-surface-2', rowClassName)} />
      ))}
    </div>
  );
}
