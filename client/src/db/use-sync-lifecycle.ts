import { useEffect } from 'react';
import { authStore, useAuth } from '../session/auth-store';
import { startSync, stopSync } from './sync';
import { openUserDb } from './session';

/**
 * Runs the replication engine while a user is signed in: opens their database and syncs it; stops when they
 * sign out or another user signs in. Clearing local data on sign-out is the auth feature's job.
 */
export function useSyncLifecycle(): void {
  const { user, authenticated } = useAuth();
  const userId = authenticated ? (user?._id ?? null) : null;
  useEffect(() => {
    if (!userId) return;
    const engine = startSync(openUserDb(userId), { subscribeAuth: authStore.subscribe, recover: authStore.recover });
    return () => void stopSync(engine);
  }, [userId]);
}

/**
 * Called once at start-up, before the first render waits for the language catalog: when the auth store already
 * holds a signed-in user (a stored token and cached profile), their database opens and the first pull starts
 * now. The lifecycle hook then finds the same engine running.
 */
export function startSyncEarly(): void {
  const { user, authenticated } = authStore.getState();
  if (authenticated && user?._id) startSync(openUserDb(user._id), { subscribeAuth: authStore.subscribe, recover: authStore.recover });
}

/** Mount once inside the app (app.tsx): the engine's start and stop follow the signed-in user. */
export function SyncLifecycle(): null {
  useSyncLifecycle();
  return null;
}
