import Dexie from 'dexie';
import { AppDatabase, databaseName } from '../db/database';
import { pendingCount } from '../db/outbox';
import { closeUserDb, currentDb, deleteUserDb } from '../db/session';

/**
 * What signing out leaves on this device (quality.md test 23, ASVS 14.3.1): no user records in IndexedDB,
 * Cache Storage or localStorage. Kept: the service worker's app-shell precache and the device's own
 * appearance and language choices, which are not user data.
 */
export const KEPT_STORAGE_KEYS: readonly string[] = ['theme', 'font_size', 'locale'];
const KEPT_CACHE_PREFIX = 'workbox-precache';

/**
 * Changes made on this device that the server does not have: the outbox (without `sync.skip` no-ops) and the
 * refused changes still in the "needs attention" list, which signing out would delete too.
 */
export async function unsyncedChanges(userId: string | null | undefined): Promise<number> {
  if (!userId) return 0;
  const open = currentDb();
  if (open?.userId === userId && open.isOpen()) {
    try {
      return await notOnServer(open);
    } catch {
      /* read it through a connection of our own below */
    }
  }
  try {
    if (!(await Dexie.exists(databaseName(userId)))) return 0;
    const db = new AppDatabase(userId);
    try {
      return await notOnServer(db);
    } finally {
      db.close();
    }
  } catch {
    return 0;
  }
}

async function notOnServer(db: AppDatabase): Promise<number> {
  return (await pendingCount(db)) + (await db._attention.count());
}

/** Every localStorage key except the device settings (auth_token, auth_user and any per-user key go). */
export function clearLocalStorage(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && !KEPT_STORAGE_KEYS.includes(key)) keys.push(key);
    }
    for (const key of keys) localStorage.removeItem(key);
  } catch {
    /* storage unavailable: nothing stored */
  }
}

/** Every Cache Storage entry except the app-shell precache (API responses or user files may be cached). */
export async function clearCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((n) => !n.startsWith(KEPT_CACHE_PREFIX)).map((n) => caches.delete(n)));
}

/**
 * The user's database, and any other per-user database a lost session left behind (one browser holds one
 * session, so no other signed-in user can own one).
 */
export async function deleteUserDatabases(userId: string | null | undefined): Promise<void> {
  const others = await userDatabaseNames();
  if (userId) others.delete(databaseName(userId));
  closeUserDb();
  await Promise.allSettled([userId ? deleteUserDb(userId) : Promise.resolve(), ...[...others].map((n) => Dexie.delete(n))]);
}

/** At sign-in: whatever an earlier user left behind (a sign-out that could not finish) goes first. */
export async function removeLeftovers(signedInUserId: string, previousUserId: string | null | undefined): Promise<void> {
  if (previousUserId && previousUserId !== signedInUserId) clearLocalStorage();
  const others = await userDatabaseNames();
  others.delete(databaseName(signedInUserId));
  if (others.size === 0) return;
  if (currentDb() && currentDb()!.userId !== signedInUserId) closeUserDb();
  await Promise.allSettled([...others].map((n) => Dexie.delete(n)));
}

async function userDatabaseNames(): Promise<Set<string>> {
  const prefix = databaseName('');
  const names = new Set<string>();
  try {
    const all = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
    for (const db of all) if (db.name?.startsWith(prefix)) names.add(db.name);
  } catch {
    /* listing unsupported: the user's own database is still handled by name */
  }
  return names;
}

/** Signed out by an expired session with unsynced work: everything but the user's database goes. */
export async function keepDatabaseOnly(): Promise<void> {
  clearLocalStorage();
  closeUserDb();
  await clearCaches();
}

/** Removes the user's local database, caches and stored keys. Never throws: sign-out always completes. */
export async function clearLocalUserData(userId: string | null | undefined): Promise<void> {
  clearLocalStorage();
  await Promise.allSettled([deleteUserDatabases(userId), clearCaches()]);
}
