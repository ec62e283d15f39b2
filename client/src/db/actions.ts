import { useMemo } from 'react';
import type { AppDatabase } from './database';
import { useDb } from './session';

/** A new client-side id: offline creations keep their id (CONTRACT: entities carry a client-generated _id). */
export const newRowId = (): string => crypto.randomUUID();

/**
 * A feature's write actions, bound to the signed-in user's database: `make` receives `db()`, which returns the
 * open database or throws `noDb()` (default: an Error) when none is open, so an action taps it at call time.
 */
export function useDbActions<A>(make: (db: () => AppDatabase) => A, noDb: () => Error = () => new Error('No local database is open')): A {
  const db = useDb();
  return useMemo(
    () =>
      make(() => {
        if (!db) throw noDb();
        return db;
      }),
    // `make` and `noDb` are module-level functions of the feature; the actions change with the database only.
    [db],
  );
}
