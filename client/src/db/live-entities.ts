import { afterPaint } from '../lib/idle';
import { takeEarlyTasks } from '../lib/early';
import type { AppDatabase } from './database';
import { TABLE_OF } from './database';
import { decoders, type DecodedType, type EntityRow } from './entity-rows';
import { liveTable, type LiveTable, type LiveTableSpec } from './live-table';

/**
 * The live table of each entity type (one per database and type, shared by every screen that reads it), its
 * rows decoded by the type's schema (entity-rows.ts).
 */
export const ENTITY_SPECS: { [T in DecodedType]: LiveTableSpec<EntityRow<T>> } = {
  // At start-up on /tasks and /dashboard, public/early.js has usually read the tasks while the app's code loaded.
  task: { table: TABLE_OF.task, decode: decoders.task, early: (db) => takeEarlyTasks(db.name, db.verno * 10) },
  habit: { table: TABLE_OF.habit, decode: decoders.habit },
  // At the first read the habits show first (a few ms) and their days once that screen painted: thousands
  // of day rows take ~100 ms of main thread.
  habitDay: { table: TABLE_OF.habitDay, decode: decoders.habitDay, startAfter: (db) => liveEntity(db, 'habit').settled().then(afterPaint) },
  note: { table: TABLE_OF.note, decode: decoders.note },
  folder: { table: TABLE_OF.folder, decode: decoders.folder },
  tag: { table: TABLE_OF.tag, decode: decoders.tag },
  event: { table: TABLE_OF.event, decode: decoders.event },
  inbox: { table: TABLE_OF.inbox, decode: decoders.inbox },
};

/** The live rows of `type` on `db` (made on first use: it starts reading the table then). */
export function liveEntity<T extends DecodedType>(db: AppDatabase, type: T): LiveTable<EntityRow<T>> {
  return liveTable(db, ENTITY_SPECS[type] as LiveTableSpec<EntityRow<T>>);
}
