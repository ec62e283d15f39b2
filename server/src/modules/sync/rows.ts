import type { Kysely, Transaction } from 'kysely';
import type { Database, EntitiesTable } from '../../db/schema.js';

/** The database or an open transaction: every SQL function of the sync module takes the one it runs in. */
export type Db = Kysely<Database> | Transaction<Database>;

/** A row of `entities` without its owner (every query is already scoped to one user). */
export type EntityRow = Omit<EntitiesTable, 'user_id'>;

/** A row as reads answer it: without its per-field versions. */
export type ReadRow = Omit<EntityRow, 'field_versions'>;
