import { useSyncExternalStore } from 'react';

/** What the always-visible sync badge shows (issue: synced / offline / N unsynced changes / sign in to sync). */
export interface SyncState {
  status: 'idle' | 'syncing' | 'synced' | 'offline' | 'signin' | 'error';
  /** Local changes not yet confirmed by the server. */
  pending: number;
  lastSyncedAt: string | null;
}

let state: SyncState = { status: 'idle', pending: 0, lastSyncedAt: null };
const listeners = new Set<() => void>();

export const syncState = {
  get: () => state,
  set(patch: Partial<SyncState>) {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSyncState(): SyncState {
  return useSyncExternalStore(syncState.subscribe, syncState.get);
}
