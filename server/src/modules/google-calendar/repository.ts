import type { Kysely } from 'kysely';
import type { GoogleCalendarItem } from '@adhd/shared/google/types';
import type { Database, GoogleCalendarsTable, GoogleConnectionsTable } from '../../db/schema.js';
import { nowIso, sha256 } from '../../lib/ids.js';

/**
 * SQL of the Google Calendar import (migration 0016). Token columns hold sealed values only (service.ts seals and
 * opens them); the `state` of an authorisation request is kept as its SHA-256.
 */

type Db = Kysely<Database>;
export type Connection = GoogleConnectionsTable;
export type CalendarRow = GoogleCalendarsTable;

/** What Google's calendarList says of one calendar. */
export interface ListedCalendar {
  id: string;
  summary: string;
  color: string | null;
  description: string | null;
  location: string | null;
  htmlLink: string | null;
  timeZone: string | null;
  primary: boolean;
}

export const STATE_TTL_MS = 10 * 60_000;

export const calendarItem = (r: CalendarRow): GoogleCalendarItem => ({
  id: r.calendar_id,
  summary: r.summary,
  visible: r.visible === 1,
  color: r.color,
  description: r.description,
  location: r.location,
  htmlLink: r.html_link,
  primary: r.is_primary === 1,
});

export async function findConnection(db: Db, userId: string): Promise<Connection | undefined> {
  return db.selectFrom('google_connections').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Stores a new grant (sealed tokens): the connection is `connected` again, any earlier message gone. */
export async function saveConnection(db: Db, userId: string, sealed: { access: string; refresh: string; expiresAt: string }): Promise<void> {
  const now = nowIso();
  const values = { access_token: sealed.access, refresh_token: sealed.refresh, expires_at: sealed.expiresAt, status: 'connected' as const, message: null, updated_at: now };
  await db
    .insertInto('google_connections')
    .values({ user_id: userId, ...values, last_sync_at: null, created_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

export async function saveAccess(db: Db, userId: string, sealed: { access: string; refresh?: string; expiresAt: string }): Promise<void> {
  await db
    .updateTable('google_connections')
    .set({ access_token: sealed.access, expires_at: sealed.expiresAt, updated_at: nowIso(), ...(sealed.refresh ? { refresh_token: sealed.refresh } : {}) })
    .where('user_id', '=', userId)
    .where('status', '=', 'connected')
    .execute();
}

/** The connection ended on its own (Google refused the refresh token): tokens and calendars forgotten, `message` kept for the status route. */
export async function markDisconnected(db: Db, userId: string, message: string): Promise<void> {
  await db
    .updateTable('google_connections')
    .set({ status: 'disconnected', message, access_token: null, refresh_token: null, expires_at: null, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
  await db.deleteFrom('google_calendars').where('user_id', '=', userId).execute();
}

/** Disconnect: the connection and the calendars are forgotten. */
export async function deleteConnection(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('google_calendars').where('user_id', '=', userId).execute();
  await db.deleteFrom('google_connections').where('user_id', '=', userId).execute();
}

export async function setLastSync(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('google_connections').set({ last_sync_at: at }).where('user_id', '=', userId).where('status', '=', 'connected').execute();
}

export async function connectedUsers(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('google_connections').select('user_id').where('status', '=', 'connected').orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

export async function listCalendars(db: Db, userId: string): Promise<CalendarRow[]> {
  return db.selectFrom('google_calendars').selectAll().where('user_id', '=', userId).orderBy('position').orderBy('calendar_id').execute();
}

/**
 * Makes the stored list Google's list: new calendars are added (visible), known ones take Google's names and
 * colours (the user's visibility and the sync token stay), gone ones are dropped. Answers the dropped ids.
 */
export async function replaceCalendars(db: Db, userId: string, listed: ListedCalendar[]): Promise<string[]> {
  const stored = new Set((await listCalendars(db, userId)).map((r) => r.calendar_id));
  const listedIds = new Set(listed.map((c) => c.id));
  const gone = [...stored].filter((id) => !listedIds.has(id));
  await db.transaction().execute(async (trx) => {
    for (const [position, c] of listed.entries()) {
      const fields = {
        summary: c.summary,
        color: c.color,
        description: c.description,
        location: c.location,
        html_link: c.htmlLink,
        time_zone: c.timeZone,
        is_primary: c.primary ? 1 : 0,
        position,
      };
      if (stored.has(c.id)) {
        await trx.updateTable('google_calendars').set(fields).where('user_id', '=', userId).where('calendar_id', '=', c.id).execute();
      } else {
        await trx
          .insertInto('google_calendars')
          .values({ user_id: userId, calendar_id: c.id, ...fields, visible: 1, sync_token: null, sync_time_min: null, sync_time_max: null })
          .onConflict((oc) => oc.columns(['user_id', 'calendar_id']).doNothing())
          .execute();
      }
    }
    if (gone.length) await trx.deleteFrom('google_calendars').where('user_id', '=', userId).where('calendar_id', 'in', gone).execute();
  });
  return gone;
}

export async function setVisible(db: Db, userId: string, calendarId: string, visible: boolean): Promise<CalendarRow | undefined> {
  await db
    .updateTable('google_calendars')
    .set({ visible: visible ? 1 : 0, ...(visible ? {} : { sync_token: null, sync_time_min: null, sync_time_max: null }) })
    .where('user_id', '=', userId)
    .where('calendar_id', '=', calendarId)
    .execute();
  return db.selectFrom('google_calendars').selectAll().where('user_id', '=', userId).where('calendar_id', '=', calendarId).executeTakeFirst();
}

export async function saveSyncToken(db: Db, userId: string, calendarId: string, token: string | null, window: { timeMin: string; timeMax: string } | null): Promise<void> {
  await db
    .updateTable('google_calendars')
    .set({ sync_token: token, sync_time_min: window?.timeMin ?? null, sync_time_max: window?.timeMax ?? null })
    .where('user_id', '=', userId)
    .where('calendar_id', '=', calendarId)
    .execute();
}

/** A new authorisation request: its state's hash, the user, the sealed PKCE verifier; old requests are purged. */
export async function insertState(db: Db, row: { state: string; userId: string; sealedVerifier: string; redirectUri: string }): Promise<void> {
  const now = Date.now();
  await db.deleteFrom('google_oauth_states').where('expires_at', '<', new Date(now - 24 * 3600_000).toISOString()).execute();
  await db
    .insertInto('google_oauth_states')
    .values({
      state_hash: sha256(row.state),
      user_id: row.userId,
      verifier: row.sealedVerifier,
      redirect_uri: row.redirectUri,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + STATE_TTL_MS).toISOString(),
      used_at: null,
    })
    .execute();
}

/**
 * Uses the authorisation request of `state` once: answers its user, sealed verifier and redirect URI, or null when
 * the state is unknown (forged), already used (replayed) or older than 10 minutes. The conditional update makes
 * two callbacks racing with one state see one success.
 */
export async function takeState(db: Db, state: string): Promise<{ userId: string; sealedVerifier: string; redirectUri: string } | null> {
  const hash = sha256(state);
  const now = nowIso();
  const res = await db
    .updateTable('google_oauth_states')
    .set({ used_at: now })
    .where('state_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('google_oauth_states').selectAll().where('state_hash', '=', hash).executeTakeFirstOrThrow();
  return { userId: row.user_id, sealedVerifier: row.verifier, redirectUri: row.redirect_uri };
}
