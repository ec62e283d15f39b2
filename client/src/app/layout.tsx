import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Router, useLocation, useSearch } from 'wouter';
import { focusRing } from '../components/ui/cn';
import { useMediaQuery } from '../components/ui/use-media-query';
import { AttentionNotice } from '../features/attention';
import { CaptureHost } from '../features/inbox';
import { SearchButton, useSearchShortcut } from '../features/search';
import { useAuth } from '../session/auth-store';
import { APP_NAME } from '../lib/app-name';
import { useFlash } from '../lib/flash';
import { FirstSyncGate } from './first-sync-gate';
import { usePageStack } from './nav/page-stack';
import { DesktopNav, NARROW, PhoneNav } from './nav/section-nav';
import { SyncBadge } from './sync-badge';

const FlashToast = lazy(() => import('./nav/flash-toast').then((m) => ({ default: m.FlashToast })));
/** The public footer (About, News, Feedback, Donate, Privacy, Terms): its own small chunk, after the page. */
const PublicFooter = lazy(() => import('../features/site').then((m) => ({ default: m.PublicFooter })));
// Video mode and the Ctrl+Alt+D debug corner: loaded after the first screen, never on the start path.
const BrainrotHost = lazy(() => import('../features/brainrot').then((m) => ({ default: m.BrainrotHost })));

/**
 * The one default layout (SPEC section 2): a top bar with the sync state, the section navigation (a row under the
 * header on wide screens, a bottom bar on phones: app/nav), the page, and a flashed message as a toast.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <Shell>{children}</Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { authenticated, user } = useAuth();
  const [location] = useLocation();
  const pages = usePageStack(location, useSearch());
  const narrow = useMediaQuery(NARROW);
  const flashed = useFlash();
  useSearchShortcut(authenticated);
  const admin = user?.role === 'admin';
  const bottomNav = authenticated && narrow;

  return (
    <div className={`flex min-h-full flex-col ${bottomNav ? 'has-bottom-nav' : ''}`}>
      <header className="sticky top-0 z-20 border-b border-line bg-surface/95 backdrop-blur">
        <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2 sm:gap-3">
          <Link href={authenticated ? '/dashboard' : '/'} className={`flex items-center gap-2 rounded-md font-semibold text-primary ${focusRing}`}>
            <img src="/icons/icon-192.png" alt={APP_NAME} className="size-7 rounded-lg" />
            <span aria-hidden className="hidden sm:inline">{APP_NAME}</span>
          </Link>
          <div className="flex-1" />
          {authenticated ? (
            <>
              <SearchButton />
              <AttentionNotice />
              <SyncBadge />
              {!narrow && (
                <Link href="/auth/settings" className={`rounded-md px-2 py-1 text-sm text-muted hover:bg-surface-2 ${focusRing}`}>
                  <Trans>Settings</Trans>
                </Link>
              )}
            </>
          ) : (
            <Link href="/auth/login" className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-contrast">
              <Trans>Sign in</Trans>
            </Link>
          )}
        </div>
        {authenticated && !narrow && <DesktopNav admin={admin} />}
      </header>
      {pages.map((page) =>
        page.leaving ? (
          // A page that is leaving: hidden at once, unmounted when the browser is idle (nav/page-stack.ts).
          <main key={page.id} data-leaving inert className="page-leaving">
            <Router hook={page.hook} searchHook={page.searchHook}>
              {null}
              {children}
            </Router>
          </main>
        ) : (
          <main key={page.id} className={`page page-fade mx-auto w-full max-w-6xl flex-1 px-4 pt-6 ${authenticated ? 'pb-[calc(var(--nav-h)+6rem)]' : 'pb-6'}`}>
            <Router hook={page.hook} searchHook={page.searchHook}>
              {authenticated && <FirstSyncGate />}
              {children}
            </Router>
          </main>
        ),
      )}
      {/* Signed-in phones reach these pages from the More sheet instead (the bottom bar covers the page's end). */}
      {!bottomNav && (
        <Suspense fallback={null}>
          <PublicFooter />
        </Suspense>
      )}
      {bottomNav && <PhoneNav admin={admin} />}
      {authenticated && user && <CaptureHost userId={user._id} />}
      {flashed && (
        <Suspense fallback={null}>
          <FlashToast flash={flashed} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <BrainrotHost />
      </Suspense>
    </div>
  );
}
