import { LOCAL_SCHEMA_IDB_VERSION } from '../db/schema-versions';

/**
 * `public/early.js` reads the tasks' bucket records only from a database at the version the app opens, which
 * it cannot import (a classic script that runs before the app's modules). It is written with this placeholder,
 * and the build and the dev server hand it out with the number in its place (client/vite.config.ts,
 * `earlyScript`): the version is declared once, in db/schema-versions.ts. As written, the placeholder is NaN,
 * so an unprocessed copy never reads anything (the app then reads the tasks itself).
 */
export const SCHEMA_PLACEHOLDER = "Number('%LOCAL_SCHEMA_IDB_VERSION%')";

/** early.js's source with the current IndexedDB version of the local schema in place of the placeholder. */
export function withSchemaVersion(source: string): string {
  if (!source.includes(SCHEMA_PLACEHOLDER)) throw new Error(`early.js: no ${SCHEMA_PLACEHOLDER} to replace`);
  return source.replaceAll(SCHEMA_PLACEHOLDER, String(LOCAL_SCHEMA_IDB_VERSION));
}
