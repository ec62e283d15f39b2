import { flushSync } from 'react-dom';
import type { AroundNavHandler } from 'wouter';

/** Whether this browser has view transitions (Chromium, Safari 18); elsewhere the new page only fades in. */
export const viewTransitions = typeof document !== 'undefined' && typeof document.startViewTransition === 'function';

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Wraps wouter's navigation (links, `navigate`) in a view transition, so the page fades out and then in
 * (styles.css animates only the main area). Redirects (`replace`), a change of the query alone (opening an item
 * by `?id=`), reduced motion and a hidden tab navigate at once, without one. The transition's layer lets pointer
 * events through and the new page is rendered synchronously in its callback, so input is never held back.
 */
export const aroundNav: AroundNavHandler = (navigate, to, options) => {
  const path = String(to).split(/[?#]/)[0];
  if (!viewTransitions || options?.replace || path === location.pathname || reducedMotion() || document.visibilityState === 'hidden') {
    navigate(to, options);
    return;
  }
  document.startViewTransition(() => flushSync(() => navigate(to, options)));
};
