import { lazy, Suspense } from 'react';

const View = lazy(() => import('./error-page-view').then((m) => ({ default: m.ErrorPageView })));

/**
 * The error page for a status: 404 'Page Not Found', anything else 'Internal Server Error' (error-page-view.tsx).
 * Rarely shown, so it loads on demand and stays out of the start-up JS.
 */
export function ErrorPage({ status = 404 }: { status?: number }) {
  return (
    <Suspense fallback={null}>
      <View status={status} />
    </Suspense>
  );
}
