import type Dexie from 'dexie';
import { useSyncExternalStore } from 'react';

/**
 * A newer version of the app opened this user's database in another tab and upgrades it (a new
 * `AppDatabase` version). This tab's connection is in the way of that upgrade and its code knows only the old
 * schema, so it closes its connection for good (no automatic reopen, which would let every later write fail
 * against the new schema) and the app shows "A new version is open in another tab" with a Reload button
 * (app/db-upgrade-notice.tsx). `blocked` is the other side: this tab wants to upgrade while an older tab still
 * holds the database open; the same notice asks to reload (or close) that tab.
 */
export type UpgradeState = 'none' | 'outdated' | 'blocked';

let state: UpgradeState = 'none';
const listeners = new Set<() => void>();

function set(next: UpgradeState) {
  if (state === next) return;
  state = next;
  for (const l of listeners) l();
}

export const localDbUpgrade = {
  get: (): UpgradeState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Back to no notice (tests; a reload starts from here anyway). */
  reset: () => set('none'),
};

export function useLocalDbUpgrade(): UpgradeState {
  return useSyncExternalStore(localDbUpgrade.subscribe, localDbUpgrade.get);
}

/**
 * Dexie `versionchange` on this tab's connection. Returns false when handled, which stops Dexie's own
 * handler (it closes with automatic reopen). A delete (newVersion null: sign-out elsewhere) keeps Dexie's.
 */
export function onVersionChange(db: Dexie, event: IDBVersionChangeEvent): false | undefined {
  if (!event.newVersion) return undefined;
  db.close();
  set('outdated');
  return false;
}

/** Dexie `blocked`: this tab's upgrade waits for an older tab that still has the database open. */
export function onBlocked(_db: Dexie, event: IDBVersionChangeEvent): void {
  if (!event.newVersion || event.newVersion < event.oldVersion) return;
  set('blocked');
}

/** Dexie `ready`: the database is open (the older tab let go), so a `blocked` notice has done its job. */
export function onReady(): void {
  if (state === 'blocked') set('none');
}
