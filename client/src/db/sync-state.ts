import { useSyncExternalStore } from 'react';

/** What the always-visible sync badge shows (issue: synced / offline / N unsynced changes / sign in to sync). */
export interface SyncState {
  /** `waiting`: the server asked to slow down (429) and sync resumes after its `Retry-After`; not an error. */
  status: 'idle' | 'syncing' | 'synced' | 'waiting' | 'offline' | 'signin' | 'error';
  /** Local changes the server has not answered yet (refused ones are in the "needs attention" list instead). */
  pending: number;
  lastSyncedAt: string | null;
  /**
   * Why sync stopped, for `status: 'error'`: `reload` when the server needs a newer app (426), `server` for
   * an unexpected answer (retried with backoff), `full` when the server's storage is full (507; the changes
   * stay on this device until it has room). Null otherwise.
   */
  reason: 'reload' | 'server' | 'full' | null;
}

export interface SyncStateStore {
  get(): SyncState;
  set(patch: Partial<SyncState>): void;
  subscribe(listener: () => void): () => void;
}

export function createSyncState(): SyncStateStore {
  let state: SyncState = { status: 'idle', pending: 0, lastSyncedAt: null, reason: null };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      const next = { ...state, ...patch };
      if ((Object.keys(next) as (keyof SyncState)[]).every((k) => next[k] === state[k])) return;
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's sync state, published by the engine that `startSync` runs. */
export const syncState = createSyncState();

export function useSyncState(): SyncState {
  return useSyncExternalStore(syncState.subscribe, syncState.get);
}

/**
 * Whether the app's sync is running now; components that need only this are not rendered for other changes.
 * With `when` false it answers false and the component is not rendered when a sync starts or ends (200 rows of tag
 * chips whose tags are all known need not render twice per sync).
 */
export function useSyncing(when = true): boolean {
  return useSyncExternalStore(syncState.subscribe, () => when && syncState.get().status === 'syncing');
}

/** Resolves once the app's sync is not running (not `syncing`), or after `maxMs`. */
export function whenSyncQuiet(maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, maxMs);
    const unsubscribe = syncState.subscribe(() => {
      if (syncState.get().status !== 'syncing') finish();
    });
    if (syncState.get().status !== 'syncing') finish();
  });
}
