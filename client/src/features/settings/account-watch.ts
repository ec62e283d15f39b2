import type { PublicUser } from '@adhd/shared/users/schema';
import { authStore } from '../../session/auth-store';

/**
 * On the start path: watches the session for a user whose `updatedAt` this device has not applied yet (the
 * session check brings it at start, every 5 minutes, when the tab is shown again, when back online) and then
 * loads `account-sync.ts` to read the account's preferences. Nothing else is loaded while nothing changed.
 */

/** Settings changed on this device and not sent yet (the queue in `preferences.ts`, which loads when needed). */
export const PENDING_SETTINGS_KEY = 'auth_pending_settings';

/** Sends the queued settings when there are any: when the app comes back online and when a user signs in. */
function resendQueued(): void {
  let queued = false;
  try {
    queued = localStorage.getItem(PENDING_SETTINGS_KEY) !== null;
  } catch {
    /* storage unavailable: nothing was queued */
  }
  if (queued) void import('./preferences').then((m) => m.flushSettings());
}

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

/** Whether the signed-in user's account state is one this device has not applied yet. */
function changed(): boolean {
  const user = authStore.getState().user;
  return user !== null && seenOf(user) !== readSeen();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', resendQueued);
  let was = authStore.getState();
  authStore.subscribe(() => {
    const state = authStore.getState();
    const before = was;
    was = state;
    const user = state.user;
    if (state.authenticated && !before.authenticated) resendQueued();
    if (!state.authenticated || !user) return;
    // Signed in from the login or registration screen (not restored at start): adoptAccountPreferences runs.
    if (!before.authenticated && !before.loading) return;
    if (changed()) void import('./account-sync').then((m) => changed() && m.refreshFromAccount());
  });
}
