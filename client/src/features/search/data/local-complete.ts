import type { AppDatabase } from '../../../db/database';
import { syncState } from '../../../db/sync-state';

/**
 * Whether the local database holds everything yet, so the palette can answer from it; while the first sync
 * is still running it asks the server (`GET /api/search`) instead.
 *
 * The engine knows a first sync by its pull cursor: 0 until the first page is stored. A first sync ends when a
 * run finishes (`lastSyncedAt` set): from then on the database is complete, which is noted in localStorage per
 * database so a later session knows it before its own first run ends. Without that note (a database from
 * before this note existed, or a first sync cut short by a reload) a database with a cursor is taken as
 * complete unless a sync is running right now.
 */
const keyOf = (db: AppDatabase) => `search_local_complete:${db.name}`;

function noted(db: AppDatabase): boolean {
  try {
    return localStorage.getItem(keyOf(db)) === '1';
  } catch {
    return false;
  }
}

function note(db: AppDatabase): void {
  try {
    localStorage.setItem(keyOf(db), '1');
  } catch {
    /* not kept: the cursor check below answers next time */
  }
}

export async function localDatabaseComplete(db: AppDatabase): Promise<boolean> {
  const state = syncState.get();
  if (state.lastSyncedAt !== null) {
    note(db);
    return true;
  }
  if (noted(db)) return true;
  // Offline the server cannot answer either: the local rows are the best there is.
  if (globalThis.navigator?.onLine === false) return true;
  const cursor = Number((await db._meta.get('cursor'))?.value ?? 0);
  return cursor > 0 && state.status !== 'syncing';
}
