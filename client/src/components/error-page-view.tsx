import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { focusRing } from './ui/cn';
import { useAuth } from '../session/auth-store';
import { usePageTitle } from '../lib/page-title';

/**
 * The error page's content (its own chunk, loaded by error-page.tsx when an error page shows): 404 reads "Page Not Found", any other status "Internal Server Error" (SPEC section 2). The way
 * home is the dashboard for a signed-in user, the landing page otherwise.
 */
export function ErrorPageView({ status = 404 }: { status?: number }) {
  const { t } = useLingui();
  const { authenticated } = useAuth();
  const notFound = status === 404;
  usePageTitle(notFound ? t`Page Not Found` : t`Internal Server Error`);
  return (
    <section className="mx-auto max-w-md px-2 py-12 text-center sm:py-20" data-testid="error-page" data-status={status}>
      <p aria-hidden className="text-6xl font-bold tracking-tight text-primary sm:text-7xl">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-semibold">{notFound ? <Trans>Page Not Found</Trans> : <Trans>Internal Server Error</Trans>}</h1>
      <p className="mt-2 text-muted">
        {notFound ? <Trans>The page you are looking for does not exist.</Trans> : <Trans>Something went wrong on our side. Please try again.</Trans>}
      </p>
      <Link
        href={authenticated ? '/dashboard' : '/'}
        className={`mt-8 inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-5 font-medium text-primary-contrast ${focusRing}`}
      >
        <Trans>Go home</Trans>
      </Link>
    </section>
  );
}
