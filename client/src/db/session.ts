import Dexie from 'dexie';
import { useSyncExternalStore } from 'react';
import { AppDatabase, databaseName } from './database';

/**
 * The signed-in user's local database. Screens read it through `useDb()`; it is opened when a user signs in
 * (or the app starts signed in) and closed, or deleted with every local trace, when they sign out.
 */
let current: AppDatabase | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function openUserDb(userId: string): AppDatabase {
  if (current?.userId === userId) return current;
  current?.close();
  current = new AppDatabase(userId);
  // Open (on a new device: create) the database now rather than at its first read, which at start-up comes
  // only after the engine's lock and the screen's chunk. A failure shows again at that first read.
  globalThis.performance?.mark?.('sync:db-open');
  current
    .open()
    .then(() => globalThis.performance?.mark?.('sync:db-ready'))
    .catch(() => undefined);
  notify();
  return current;
}

export function currentDb(): AppDatabase | null {
  return current;
}

export function closeUserDb(): void {
  current?.close();
  current = null;
  notify();
}

/** Remove the user's IndexedDB database (quality.md test 23). */
export async function deleteUserDb(userId: string): Promise<void> {
  if (current?.userId === userId) closeUserDb();
  await Dexie.delete(databaseName(userId));
}

export function useDb(): AppDatabase | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
}
