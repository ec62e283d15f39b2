import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { usePageTitle } from './page-title';

/** The error page: 404 reads "Page Not Found", any other status "Internal Server Error" (SPEC section 2). */
export function ErrorPage({ status = 404 }: { status?: number }) {
  const { t } = useLingui();
  const notFound = status === 404;
  usePageTitle(notFound ? t`Page not found` : t`Internal Server Error`);
  return (
    <section className="mx-auto max-w-md py-16 text-center">
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{notFound ? <Trans>Page Not Found</Trans> : <Trans>Internal Server Error</Trans>}</h1>
      <p className="mt-2 text-muted">
        {notFound ? <Trans>The page you are looking for does not exist.</Trans> : <Trans>Something went wrong on our side. Please try again.</Trans>}
      </p>
      <Link href="/" className="mt-6 inline-block rounded-md bg-primary px-4 py-2 font-medium text-primary-contrast">
        <Trans>Go home</Trans>
      </Link>
    </section>
  );
}
