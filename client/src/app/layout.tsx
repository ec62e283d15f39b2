import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { AttentionNotice } from '../features/attention';
import { CaptureHost, InboxNavBadge } from '../features/inbox';
import { SearchButton, useSearchShortcut } from '../features/search';
import { useAuth } from '../session/auth-store';
import { APP_NAME } from '../lib/app-name';
import { clearFlash, useFlash } from '../lib/flash';
import { SyncBadge } from './sync-badge';

/** The flash toast ('Not found' after a `?id=` link): loaded only when there is one, off the start path. */
const Toast = lazy(() => import('../components/ui/toast').then((m) => ({ default: m.Toast })));

interface NavItem {
  href: string;
  label: string;
  color: string;
}

/** The one default layout (SPEC section 2): a top bar with the sync state, section navigation, the page. */
export function Layout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { authenticated, user } = useAuth();
  const [location] = useLocation();
  useSearchShortcut(authenticated);
  const flashed = useFlash();
  const nav: NavItem[] = [
    { href: '/dashboard', label: t`Dashboard`, color: 'var(--color-section-dashboard)' },
    { href: '/tasks', label: t`Tasks`, color: 'var(--color-section-tasks)' },
    { href: '/habits', label: t`Habits`, color: 'var(--color-section-habits)' },
    { href: '/calendar', label: t`Calendar`, color: 'var(--color-section-events)' },
    { href: '/notes', label: t`Notes`, color: 'var(--color-section-notes)' },
    { href: '/inbox', label: t`Inbox`, color: 'var(--color-section-inbox)' },
    { href: '/tags', label: t`Tags`, color: 'var(--color-section-tags)' },
  ];
  if (user?.role === 'admin') nav.push({ href: '/admin', label: t`Admin`, color: 'var(--color-section-admin)' });

  return (
    <div className="flex min-h-full flex-col">
      <header className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 sm:gap-3">
          <Link href={authenticated ? '/dashboard' : '/'} className="flex items-center gap-2 font-semibold text-primary">
            <img src="/icons/icon-192.png" alt="" className="size-7 rounded-lg" />
            <span className="hidden sm:inline">{APP_NAME}</span>
          </Link>
          <div className="flex-1" />
          {authenticated ? (
            <>
              <SearchButton />
              <AttentionNotice />
              <SyncBadge />
              <Link href="/auth/settings" className="rounded-md px-2 py-1 text-sm text-muted hover:bg-surface-2">
                <Trans>Settings</Trans>
              </Link>
            </>
          ) : (
            <Link href="/auth/login" className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-contrast">
              <Trans>Sign in</Trans>
            </Link>
          )}
        </div>
        {authenticated && (
          <nav aria-label={t`Sections`} className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-2 pb-1">
            {nav.map((item) => {
              const active = location === item.href || location.startsWith(`${item.href}/`);
              return (
                <Link
                  key={item.href}
                  href={item.href}
                  aria-current={active ? 'page' : undefined}
                  className={`whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium ${active ? 'bg-surface-2' : 'text-muted hover:bg-surface-2'}`}
                  style={active ? { color: item.color, boxShadow: `inset 0 -2px 0 ${item.color}` } : undefined}
                >
                  {item.label}
                  {item.href === '/inbox' && <InboxNavBadge />}
                </Link>
              );
            })}
          </nav>
        )}
      </header>
      <main key={location} className={`page-fade mx-auto w-full max-w-6xl flex-1 px-4 pt-6 ${authenticated ? 'pb-24' : 'pb-6'}`}>
        {children}
      </main>
      {authenticated && user && <CaptureHost userId={user._id} />}
      {flashed && (
        <Suspense fallback={null}>
          <Toast key={flashed.id} message={flashed.message} onDismiss={clearFlash} />
        </Suspense>
      )}
    </div>
  );
}
