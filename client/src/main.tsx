import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { prefetchScreens, preloadScreen } from './app/routes';
import { currentDb } from './db/session';
import { loadRegistry } from './db/registry';
import { registerServiceWorker } from './app/service-worker';
import { applyAppearance, watchSystemTheme } from './lib/theme';
import { whenSyncQuiet } from './db/sync-state';
import { startSyncEarly } from './db/use-sync-lifecycle';
import { authStore } from './session/auth-store';
import { activateLocale, initialLocale } from './i18n';
import './styles.css';

performance.mark('app:main');
// Styles injected at run time (Radix scroll lock) carry the page's CSP nonce.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) setNonce(nonce);
applyAppearance();
watchSystemTheme();
// The session and the first pull start while the language catalog loads (offline first: from the cached user).
authStore.restoreCached();
startSyncEarly();
const screen = preloadScreen(location.pathname, currentDb());
const locale = activateLocale(initialLocale());
// The server check of the session goes after the chunk requests: it is not on the way to the first screen.
void authStore.restore();
// No top-level await here: this module is bundled into the start chunk with the modules every screen imports,
// so a screen's chunk (imported below by preloadScreen) could not finish loading until this module had finished
// evaluating — a wait that only the 1-second cap below would end.
void Promise.all([locale, Promise.race([screen, new Promise((resolve) => setTimeout(resolve, 1000))])]).then(() => {
  // The first render waits for the current screen's chunk (cached by the service worker, so this is short),
  // but a slow network never holds the shell back for more than a second.
  performance.mark('app:render');
  const root = createRoot(document.getElementById('root')!);
  // As a transition, React renders the first screen in slices of a few ms, yielding to the browser between them
  // (the decoding of the tables and the requests' answers go on meanwhile; no task of hundreds of ms blocks
  // input): the painted shell from index.html stays until the whole first screen commits.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  registerServiceWorker();
  // After the first paint (two frames after the render), the other screens' chunks load once a sync is not busy
  // storing pages (a first sync: they would share its thread), 5 s at the latest.
  // The mutation code loads right after the first paint, so a write made in the first moments waits for nothing.
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      void loadRegistry().catch(() => undefined);
      void whenSyncQuiet(5000).then(() => prefetchScreens(currentDb));
    }),
  );
});
