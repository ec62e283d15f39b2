import type { Workbox } from 'workbox-window';

/**
 * Service worker and new releases (SPEC section 4): when a new build is waiting, the page switches to it at the
 * next navigation, at most once per path per 10 s; the same reload runs on a chunk-load error. Until then an
 * "update ready" prompt lets the user switch at once.
 */
const RELOAD_GUARD_MS = 10_000;
let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<(ready: boolean) => void>();

export function onUpdateReady(listener: (ready: boolean) => void): () => void {
  listeners.add(listener);
  listener(updateWaiting);
  return () => listeners.delete(listener);
}

/** Reload once for this path unless it already happened in the last 10 s. */
export function guardedReload(path = window.location.pathname): boolean {
  const key = `reload-guard:${path}`;
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(key, String(Date.now()));
  window.location.reload();
  return true;
}

/** Switch to the waiting build now. */
export function applyUpdate(): void {
  if (!workbox || !updateWaiting) return;
  workbox.addEventListener('controlling', () => guardedReload());
  workbox.messageSkipWaiting();
}

/** Called on every client-side navigation: a waiting release is applied here. */
export function onNavigate(): void {
  if (updateWaiting) applyUpdate();
}

/**
 * A chunk failed to load: a reload fetches the new release's files, from the network or the service worker.
 * Offline in a page the service worker does not control yet (its first visit), it would only show the browser's
 * offline page instead of the app that is running: then the failure is left to the screen that needed the chunk
 * (a speculative prefetch just drops it).
 */
export function reloadCanHelp(nav: Pick<Navigator, 'onLine'> & { serviceWorker?: { controller: unknown } } = navigator): boolean {
  return nav.onLine !== false || Boolean(nav.serviceWorker?.controller);
}

export function registerServiceWorker(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    if (reloadCanHelp()) guardedReload();
  });
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  // workbox-window loads after the first render (it is called then): nothing on screen needs it.
  void import('workbox-window').then(({ Workbox }) => {
    const wb = new Workbox('/sw.js');
    workbox = wb;
    wb.addEventListener('waiting', () => {
      updateWaiting = true;
      for (const l of listeners) l(true);
    });
    void wb.register();
  });
}
