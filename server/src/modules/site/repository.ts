import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowIso } from '../../lib/ids.js';

/** `site_settings`: the operator's server-wide values, one JSON text per key. */
export function siteSettingsRepository(db: Kysely<Database>) {
  return {
    /** The parsed value of `key`, or undefined when never set (or unreadable). */
    async get<T>(key: string): Promise<T | undefined> {
      const row = await db.selectFrom('site_settings').select('value').where('key', '=', key).executeTakeFirst();
      if (!row) return undefined;
      try {
        return JSON.parse(row.value) as T;
      } catch {
        return undefined;
      }
    },
    async set(key: string, value: unknown): Promise<void> {
      const json = JSON.stringify(value);
      const at = nowIso();
      await db
        .insertInto('site_settings')
        .values({ key, value: json, updated_at: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: at }))
        .execute();
    },
  };
}
