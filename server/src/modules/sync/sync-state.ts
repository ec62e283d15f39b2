import { sql } from 'kysely';
import { runShaped } from '../../db/compiled.js';
import { dialectOf } from '../../db/dialect.js';
import { forbidden } from '../../lib/errors.js';
import type { Db } from './rows.js';

/**
 * The SQL of the sync engine's bookkeeping: each user's version counter and byte total (`sync_user`), each
 * client's last mutation id (`sync_client`) and remembered rejections (`sync_rejection`), the database epochs,
 * and the session check of open streams.
 */

/** Rows per insert statement. */
const CHUNK = 300;

/** A user's version counter and stored byte total, and whether the `sync_user` row exists yet. */
export interface UserCounters {
  seq: number;
  bytes: number;
  exists: boolean;
}

/**
 * Bump the user's counter by `n` and the stored byte total by `bytes` (the size delta of the rows written);
 * answers the new counters. `exists` says whether the `sync_user` row is known to exist in this transaction
 * (`lockCounters` found or made it): when not, it is ensured first. Serializes a user's writes.
 */
export async function bumpSeq(db: Db, userId: string, n: number, bytes = 0, exists = false): Promise<UserCounters> {
  if (!exists) {
    await runShaped(db, 'bumpSeq.ensure', [userId, 0, 0], () =>
      db.insertInto('sync_user').values({ user_id: userId, seq: 0, min_version: 0 }).onConflict((oc) => oc.doNothing()).compile(),
    );
  }
  const { rows } = await runShaped(db, 'bumpSeq.update', [n, bytes, bytes, userId], () =>
    db
      .updateTable('sync_user')
      .set({ seq: sql`seq + ${n}`, bytes: sql`CASE WHEN bytes + ${bytes} < 0 THEN 0 ELSE bytes + ${bytes} END` })
      .where('user_id', '=', userId)
      .returning(['seq', 'bytes'])
      .compile(),
  );
  if (!rows[0]) throw new Error('bumpSeq: no sync_user row');
  return { seq: Number(rows[0].seq), bytes: Number(rows[0].bytes), exists: true };
}

/**
 * The first statement of every write transaction of a user (push and REST): takes that user's write lock, so
 * what the transaction reads next is what the previous writer committed, and versions are handed out in
 * commit order (db/dialect.ts `lockUser`); answers the user's counters, read by the lock itself on PostgreSQL
 * (one round trip) and by one read on SQLite.
 */
export async function lockCounters(db: Db, userId: string): Promise<UserCounters> {
  const locked = await dialectOf(db).lockUser(db, userId);
  if (locked) return { ...locked, exists: true };
  const { rows } = await runShaped(db, 'readSeq', [userId], () =>
    db.selectFrom('sync_user').select(['seq', 'min_version', 'bytes']).where('user_id', '=', userId).compile(),
  );
  const row = rows[0];
  return { seq: Number(row?.seq ?? 0), bytes: Number(row?.bytes ?? 0), exists: row !== undefined };
}

export async function readSeq(db: Db, userId: string): Promise<{ seq: number; minVersion: number; bytes: number }> {
  const { rows } = await runShaped(db, 'readSeq', [userId], () =>
    db.selectFrom('sync_user').select(['seq', 'min_version', 'bytes']).where('user_id', '=', userId).compile(),
  );
  const row = rows[0];
  return { seq: Number(row?.seq ?? 0), minVersion: Number(row?.min_version ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** The current version of each of `userIds` that has one (the catch-up poke of an instance's streams). */
export async function readSeqs(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db.selectFrom('sync_user').select(['user_id', 'seq']).where('user_id', 'in', userIds.slice(i, i + CHUNK)).execute();
    for (const r of rows) out.set(r.user_id, Number(r.seq));
  }
  return out;
}

export async function findClient(db: Db, clientId: string) {
  const { rows } = await runShaped(db, 'findClient', [clientId], () =>
    db.selectFrom('sync_client').select(['user_id', 'last_mutation_id']).where('client_id', '=', clientId).compile(),
  );
  return rows[0];
}

/** What a pull reads before its page: the client's row, the user's counters and the newest database epoch. */
export interface PullState {
  /** The user of the client's row, null when the client has none yet. */
  clientUser: string | null;
  lastMutationId: number;
  seq: number;
  minVersion: number;
  /** The newest epoch's id, null when the database has none. */
  epoch: string | null;
}

/** The client's row, the user's counters and the newest epoch, in one statement (one round trip on PostgreSQL). */
export async function readPullState(db: Db, userId: string, clientId: string): Promise<PullState> {
  const { rows } = await runShaped<{ cu: string | null; lm: unknown; seq: unknown; mv: unknown; ep: string | null }>(db, 'readPullState', [clientId, clientId, userId, userId], () =>
    sql<{ cu: string | null; lm: unknown; seq: unknown; mv: unknown; ep: string | null }>`SELECT
      (SELECT user_id FROM sync_client WHERE client_id = ${clientId}) AS cu,
      (SELECT last_mutation_id FROM sync_client WHERE client_id = ${clientId}) AS lm,
      (SELECT seq FROM sync_user WHERE user_id = ${userId}) AS seq,
      (SELECT min_version FROM sync_user WHERE user_id = ${userId}) AS mv,
      (SELECT id FROM epochs ORDER BY n DESC LIMIT 1) AS ep`.compile(db),
  );
  const row = rows[0];
  return {
    clientUser: row?.cu ?? null,
    lastMutationId: Number(row?.lm ?? 0),
    seq: Number(row?.seq ?? 0),
    minVersion: Number(row?.mv ?? 0),
    epoch: row?.ep ?? null,
  };
}

/**
 * Record the client's last processed mutation id. The row is only ever updated for its own user: two users'
 * first pushes with one client id (each holding only its own user's lock, on PostgreSQL) cannot both see "no
 * row"; the second finds the first's row and is refused (403), its transaction rolled back.
 */
export async function saveClient(db: Db, clientId: string, userId: string, lastMutationId: number, now: string) {
  const res = await runShaped(db, 'saveClient', [clientId, userId, lastMutationId, now, lastMutationId, now, userId], () =>
    db
      .insertInto('sync_client')
      .values({ client_id: clientId, user_id: userId, last_mutation_id: lastMutationId, last_seen_at: now })
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ last_mutation_id: lastMutationId, last_seen_at: now }).where('sync_client.user_id', '=', userId))
      .compile(),
  );
  if (Number(res.numAffectedRows) !== 1) throw forbidden('This client belongs to another user');
}

/** Why a pushed mutation was rejected, as its push answered (docs/sync.md, push). */
export interface Rejection {
  id: number;
  code: string;
  message: string;
}

/**
 * The client's remembered rejections with ids from `from` to `to` (the already processed ids of a push), by id:
 * one range scan of the primary key.
 */
export async function findRejections(db: Db, clientId: string, from: number, to: number): Promise<Map<number, Rejection>> {
  const rows = await db
    .selectFrom('sync_rejection')
    .select(['mutation_id', 'code', 'message'])
    .where('client_id', '=', clientId)
    .where('mutation_id', '>=', from)
    .where('mutation_id', '<=', to)
    .execute();
  return new Map(rows.map((r) => [Number(r.mutation_id), { id: Number(r.mutation_id), code: r.code, message: r.message }]));
}

/** Remember the rejections of a push, in its transaction (after `saveClient`: the rows belong to the client). */
export async function saveRejections(db: Db, clientId: string, rejections: Rejection[], now: string): Promise<void> {
  for (let i = 0; i < rejections.length; i += CHUNK) {
    const values = rejections.slice(i, i + CHUNK).map((r) => ({ client_id: clientId, mutation_id: r.id, code: r.code, message: r.message, created_at: now }));
    await db
      .insertInto('sync_rejection')
      .values(values)
      .onConflict((oc) => oc.columns(['client_id', 'mutation_id']).doUpdateSet((eb) => ({ code: eb.ref('excluded.code'), message: eb.ref('excluded.message'), created_at: eb.ref('excluded.created_at') })))
      .execute();
  }
}

/**
 * Forget the client's rejections below `id`: a push that starts at `id` comes from a client that has taken in
 * every answer before it (docs/sync.md, push), so those can no longer be asked again.
 */
export async function forgetRejectionsBelow(db: Db, clientId: string, id: number): Promise<void> {
  await runShaped(db, 'forgetRejectionsBelow', [clientId, id], () =>
    db.deleteFrom('sync_rejection').where('client_id', '=', clientId).where('mutation_id', '<', id).compile(),
  );
}

/** Forget every client's rejections remembered before `before` (the maintenance job); answers how many. */
export async function pruneRejections(db: Db, before: string): Promise<number> {
  const res = await db.deleteFrom('sync_rejection').where('created_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function epochKnown(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('epochs').select('n').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function addEpoch(db: Db, id: string, createdAt: string): Promise<void> {
  await db.insertInto('epochs').values({ id, created_at: createdAt }).execute();
}

/** Whether a session still exists, has not expired and its user is not disabled (open streams check it). */
export async function sessionActive(db: Db, sessionId: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .where('users.disabled', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}
