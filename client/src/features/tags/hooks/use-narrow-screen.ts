import { useSyncExternalStore } from 'react';

/** SPEC section 9: a narrow screen is below 600 px. */
const QUERY = '(max-width: 599.98px)';

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

/** True while the window is narrower than 600 px (false where media queries are unavailable). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const mq = media();
      mq?.addEventListener('change', listener);
      return () => mq?.removeEventListener('change', listener);
    },
    () => media()?.matches ?? false,
    () => false,
  );
}
