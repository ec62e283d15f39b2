import { lazy, Suspense } from 'react';

const Host = lazy(() => import('./capture-host').then((m) => ({ default: m.CaptureHost })));

/**
 * Quick capture as the layout mounts it: the host (the + button, the Q key, `?capture=1`) is its own chunk, fetched
 * right after the first render, so it stays out of the start-up JS (issue 17's 150 KiB budget). Until it is in,
 * nothing is shown; its dialog is preloaded when the browser is first idle, as before.
 */
export function LazyCaptureHost({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <Host userId={userId} />
    </Suspense>
  );
}
