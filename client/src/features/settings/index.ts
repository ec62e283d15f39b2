/**
 * The settings feature's public surface for static imports: the preferences queue (applied on this device at
 * once, sent to the account when online). The screen itself is loaded on demand through `./screens`.
 * Importing this module also arms the queue's resend when the app comes back online or signs in.
 */
export { adoptAccountPreferences, flushSettings, hasPendingSettings, PENDING_SETTINGS_KEY } from './preferences';
