import { authStore } from '../../session/auth-store';
import { PENDING_SETTINGS_KEY, readSeen, seenOf } from './keys';

/**
 * On the start path: watches the session for a user whose `updatedAt` this device has not applied yet (the
 * session check brings it at start, every 5 minutes, when the tab is shown again, when back online) and then
 * loads `account-sync.ts` to read the account's preferences. Nothing else is loaded while nothing changed.
 */

/** Sends the queued settings when there are any: when the app comes back online and when a user signs in. */
function resendQueued(): void {
  let queued = false;
  try {
    queued = localStorage.getItem(PENDING_SETTINGS_KEY) !== null;
  } catch {
    /* storage unavailable: nothing was queued */
  }
  // A failed load (offline without the chunk cached) leaves the queue for the next occasion.
  if (queued) void import('./preferences').then((m) => m.flushSettings()).catch(() => undefined);
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
    if (changed()) void import('./account-sync').then((m) => changed() && m.refreshFromAccount()).catch(() => undefined);
  });
}
