import type { PublicUser } from '@adhd/shared/users/schema';

/**
 * The settings feature's stored keys, apart from the modules that use them so the small start-path watcher
 * (`account-watch.ts`) and the parts it loads on demand (`preferences.ts`, `account-sync.ts`) share them
 * without importing each other.
 */

/** Settings changed on this device and not sent yet (the queue in `preferences.ts`, which loads when needed). */
export const PENDING_SETTINGS_KEY = 'auth_pending_settings';

/** `<user id> <updatedAt>` of the account state last applied on this device (a per-user key). */
export const SEEN_KEY = 'settings_account_seen';
export const seenOf = (user: PublicUser) => `${user._id} ${user.updatedAt}`;

export function readSeen(): string | null {
  try {
    return localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}
