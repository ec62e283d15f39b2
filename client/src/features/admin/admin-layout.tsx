import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { cn } from '../../components/ui/cn';
import { ADMIN_SECTIONS } from './sections';

/**
 * The admin area's frame around every /admin screen: the "Admin" heading and the section links, a horizontal
 * pill row that scrolls on phones and a side list on desktop; the current section is marked with aria-current.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const [location] = useLocation();
  const current = (path: string) => location === path || location.startsWith(`${path}/`);
  const list = useRef<HTMLUListElement>(null);
  // On a phone the pill row scrolls: the current section's pill is brought into view.
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [location]);
  return (
    <div className="mx-auto w-full max-w-6xl md:grid md:grid-cols-[12rem_minmax(0,1fr)] md:gap-8">
      <nav aria-labelledby="admin-nav-title" className="mb-4 min-w-0 md:mb-0">
        <Link href="/" id="admin-nav-title" className="mb-2 flex items-center gap-2 rounded-md text-sm font-semibold tracking-wide text-ink uppercase focus-visible:outline-2 focus-visible:outline-primary" aria-current={location === '/' ? 'page' : undefined}>
          <span aria-hidden className="h-4 w-1.5 rounded-full" style={{ background: 'var(--color-section-admin)' }} />
          <Trans>Admin</Trans>
        </Link>
        <ul ref={list} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 md:mx-0 md:flex-col md:gap-1 md:overflow-visible md:px-0">
          {ADMIN_SECTIONS.map((s) => {
            const active = current(s.path);
            return (
              <li key={s.path} className="shrink-0">
                <Link
                  href={s.path}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex min-h-10 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-primary md:rounded-lg md:border-transparent md:px-3',
                    active ? 'border-transparent bg-[var(--color-section-admin)] text-white md:bg-[color-mix(in_srgb,var(--color-section-admin)_14%,transparent)] md:text-ink' : 'border-line text-muted hover:bg-surface-2 hover:text-ink',
                  )}
                >
                  {i18n._(s.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
