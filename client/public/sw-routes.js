// @ts-check
/**
 * Imported by the generated service worker (vite.config.ts, workbox `importScripts`). With the Service
 * Worker Static Routing API the browser answers the content-hashed files under /assets/ straight from Cache
 * Storage (the precache), without running the worker's fetch handler for each of the ~25 files an offline
 * start loads: that handler added 40–80 ms to a cold start on a slow machine. A file that is not cached yet
 * (a new release while the old worker is in control) falls through to the network. Browsers without the
 * API keep going through the fetch handler as before.
 */
self.addEventListener('install', (event) => {
  const install = /** @type {ExtendableEvent & { addRoutes?: (rules: unknown) => Promise<void> }} */ (event);
  if (typeof install.addRoutes !== 'function') return;
  install.waitUntil(
    install
      .addRoutes([{ condition: { urlPattern: { pathname: '/assets/*' }, requestMethod: 'GET' }, source: 'cache' }])
      .catch(() => undefined),
  );
});
