import './account-watch';

/**
 * The settings feature's public surface for static imports: the preferences queue (applied on this device at
 * once, sent to the account when online) and the account's preferences applied after sign-in. The screen
 * itself is loaded on demand through `./screens`. Importing this module also arms the queue's resend when the
 * app comes back online or signs in, and the read of settings changed on other devices after a session check
 * (`account-watch.ts`; the reading itself is loaded only when needed).
 */
export { flushSettings, hasPendingSettings, PENDING_SETTINGS_KEY } from './preferences';

/** After signing in: the account's chosen appearance and notifications apply here (`account-sync.ts`). */
export const adoptAccountPreferences = (): Promise<void> => import('./account-sync').then((m) => m.adoptAccountPreferences());
