import { mdiChevronRight } from '@mdi/js';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';

export interface DashboardSectionProps {
  id: string;
  /** The heading, a link to the section's screen. */
  title: ReactNode;
  href: string;
  /** The category colour (a `--color-section-*` variable): the card's top band and the heading's icon. */
  color: string;
  icon: string;
  /** A number after the heading (how many rows there are), or nothing. */
  count?: number;
  /** Null: the section has nothing, and shows `emptyLine` as one calm line instead of its body. */
  children: ReactNode | null;
  emptyLine: ReactNode;
  className?: string;
}

/** One dashboard card: a heading that links to its screen in the section's colour, then its rows or one calm line. */
export function DashboardSection({ id, title, href, color, icon, count, children, emptyLine, className }: DashboardSectionProps) {
  return (
    <section
      aria-labelledby={id}
      data-section={id}
      className={cn('flex min-w-0 flex-col gap-2 rounded-2xl border border-line bg-surface p-3 shadow-sm sm:p-4', className)}
      style={{ borderTop: `4px solid ${color}` }}
    >
      <h2 id={id} className="flex items-center text-base font-semibold">
        <Link href={href} className={cn('group -mx-1 inline-flex min-h-11 items-center gap-2 rounded-md px-1 hover:underline', focusRing)}>
          <span className="flex" style={{ color }} aria-hidden>
            <Icon path={icon} size={20} />
          </span>
          {title}
          {count !== undefined && count > 0 && <span className="rounded-full bg-surface-2 px-2 text-xs font-medium text-muted tabular-nums">{count}</span>}
          <Icon path={mdiChevronRight} size={18} className="text-muted transition-transform group-hover:translate-x-0.5" />
        </Link>
      </h2>
      {children ?? <p className="text-sm text-muted">{emptyLine}</p>}
    </section>
  );
}
