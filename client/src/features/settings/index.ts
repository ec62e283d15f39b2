import './account-watch';

/**
 * The settings feature's public surface for static imports: the key of the preferences queue (changes applied on
 * this device at once and sent to the account when online; the queue itself loads when needed) and the account's
 * preferences applied after sign-in. The screen is loaded on demand through `./screens`. Importing this module
 * arms the queue's resend when the app comes back online or signs in, and the read of settings changed on other
 * devices after a session check (`account-watch.ts`; the reading itself is loaded only when needed).
 */
export { PENDING_SETTINGS_KEY } from './keys';

/** After signing in: the account's chosen appearance and notifications apply here (`account-sync.ts`). */
export const adoptAccountPreferences = (): Promise<void> => import('./account-sync').then((m) => m.adoptAccountPreferences());

/** Video mode on or off for the account (the debug corner's Enable/Disable): applied now, sent when possible. */
export const saveVideoMode = (on: boolean) => import('./save').then((m) => m.saveProfile({ brainrotEnabled: on }));
