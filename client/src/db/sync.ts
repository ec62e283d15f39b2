import type { AppDatabase } from './database';
import { SyncEngine, type SyncOptions } from './engine';
import { syncState, type SyncState } from './sync-state';

let current: SyncEngine | null = null;
let persistenceAsked = false;

/** Ask once per page load that the browser never evicts the local database (design/sync.md §7). */
export function requestPersistentStorage(): void {
  if (persistenceAsked) return;
  persistenceAsked = true;
  void globalThis.navigator?.storage?.persist?.().catch(() => false);
}

/** Start syncing `db`, publishing to the app's `syncState`; replaces an engine running on another database. */
export function startSync(db: AppDatabase, options: SyncOptions = {}): SyncEngine {
  if (current?.db === db) return current;
  void current?.stop();
  requestPersistentStorage();
  current = new SyncEngine(db, { state: syncState, ...options });
  current.start();
  return current;
}

/** Stop the running engine (or only `engine`, when given and still the running one). */
export async function stopSync(engine?: SyncEngine): Promise<void> {
  if (!current || (engine && engine !== current)) return;
  const stopping = current;
  current = null;
  await stopping.stop();
  syncState.set({ status: 'idle', reason: null });
}

/** The running engine, for callers (and tests) that want to drive it. */
export const engine = {
  get current(): SyncEngine | null {
    return current;
  },
  /** Push and pull now; resolves when the engine is idle again. */
  syncNow: async (): Promise<SyncState['status'] | null> => (current ? current.syncNow() : null),
};
