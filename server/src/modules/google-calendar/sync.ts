import { MAX_EXDATES, withEventDefaults, type EventData, type EventImportInput } from '@adhd/shared/events/schema';
import { MutationError, type MutationTx } from '@adhd/shared/sync/mutator';
import { HttpError } from '../../lib/errors.js';
import { writeImportedEvent } from '../events/import-write.js';
import { listLive, type Db } from '../sync/repository.js';
import { fetchEvents, type EventListing, type GoogleEvent } from './api.js';
import { GoogleGone } from './http.js';
import { googleRowId, occurrenceKey, toImportedEvent, type CalendarContext } from './mapping.js';
import { listCalendars, saveSyncToken, setLastSync, type CalendarRow } from './repository.js';
import type { GoogleCalendarService } from './service.js';

/**
 * Google → the user's events (docs/google-calendar.md). Per visible calendar: the changes since its sync token
 * when the token covers the window asked for (410 Gone: the token is dropped and the window listed again), else
 * every event of the window; then one write transaction of the sync engine (`app.sync.run` + `stage` +
 * `writeImportedEvent`), so every device gets the rows by the normal replication. A cancelled event removes its
 * row (a cancelled exception of a series becomes an exdate of the series); a full listing also removes the rows of
 * that calendar inside the window that Google no longer lists. Calendars sync side by side: one that fails or is
 * slow (each request gives up after the tuned timeout) never holds up the others.
 */

export interface SyncWindow {
  /** ISO instants. */
  timeMin: string;
  timeMax: string;
}

/** Rows per staged write (as the calendar-file import). */
const BATCH = 500;

/** The job's window: one month before to one month after now, in whole UTC days (so a sync token lasts a day). */
export function jobWindow(now = Date.now()): SyncWindow {
  const d = new Date(now);
  const min = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, d.getUTCDate());
  const max = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate() + 1);
  return { timeMin: new Date(min).toISOString(), timeMax: new Date(max).toISOString() };
}

type Row = { id: string; data: EventData };

/** The user's live rows imported from one calendar (or from every Google calendar: `calendarId` null). */
export async function googleRows(db: Db, userId: string, calendarId: string | null): Promise<Row[]> {
  const rows = await listLive(db, userId, 'event');
  return rows
    .map((r) => ({ id: r.id, data: withEventDefaults(JSON.parse(r.data) as EventData) }))
    .filter((r) => r.data.source === 'google' && (calendarId === null || r.data.calendarId === calendarId));
}

/** Deletes the rows imported from a calendar (null: from every Google calendar), replicated as any deletion. */
export async function removeGoogleEvents(svc: GoogleCalendarService, userId: string, calendarId: string | null): Promise<number> {
  let removed = 0;
  await svc.app.sync.run(
    userId,
    async (_exec, trx, stage) => {
      const rows = await googleRows(trx, userId, calendarId);
      removed = rows.length;
      for (let i = 0; i < rows.length; i += BATCH) {
        await stage(async (tx) => {
          for (const r of rows.slice(i, i + BATCH)) await tx.remove('event', r.id);
        });
      }
    },
    async () => null,
  );
  return removed;
}

/** Whether a stored row lies well inside the window (a day's margin each side), where a full listing is complete. */
function insideWindow(data: EventData, window: SyncWindow): boolean {
  return data.startDate > window.timeMin.slice(0, 10) && data.startDate < window.timeMax.slice(0, 10);
}

/** Writes one listing of a calendar; answers how many events were created or changed. */
async function writeListing(svc: GoogleCalendarService, userId: string, cal: CalendarRow, listing: EventListing, fullWindow: SyncWindow | null): Promise<number> {
  const ctx: CalendarContext = { calendarId: cal.calendar_id, color: cal.color, zone: listing.timeZone ?? cal.time_zone ?? 'UTC' };
  // Series first: an exception needs its series' zone and kind (all-day or timed) for its occurrence key.
  const items = [...listing.items].sort((a, b) => Number(!!a.recurringEventId) - Number(!!b.recurringEventId));
  // Most turns of the job list no change at all: then there is nothing to write or to compare.
  if (items.length === 0 && !fullWindow) return 0;
  // The calendar's stored rows (every live event read and parsed) are needed only to find what a full listing no
  // longer has, or the exceptions of a cancelled series.
  const needsStored = fullWindow !== null || items.some((e) => e.status === 'cancelled' && !e.recurringEventId);
  let saved = 0;
  await svc.app.sync.run(
    userId,
    async (_exec, trx, stage) => {
      const current = await trx.selectFrom('google_calendars').select('visible').where('user_id', '=', userId).where('calendar_id', '=', cal.calendar_id).executeTakeFirst();
      if (current?.visible !== 1) return; // hidden (or disconnected) while Google was answering
      const stored = needsStored ? await googleRows(trx, userId, cal.calendar_id) : [];
      const seen = new Set<string>();
      for (let i = 0; i < items.length; i += BATCH) {
        await stage(async (tx) => {
          for (const e of items.slice(i, i + BATCH)) saved += await applyEvent(tx, e, ctx, stored, seen);
        });
      }
      if (fullWindow) {
        const stale = stored.filter((r) => !seen.has(r.id) && insideWindow(r.data, fullWindow));
        if (stale.length) await stage(async (tx) => {
          for (const r of stale) await tx.remove('event', r.id);
        });
      }
    },
    async () => null,
  );
  return saved;
}

/** One Google event into the staged layer: 1 when a row was created or changed. */
async function applyEvent(tx: MutationTx, e: GoogleEvent, ctx: CalendarContext, stored: Row[], seen: Set<string>): Promise<number> {
  const id = googleRowId(ctx.calendarId, e.id);
  seen.add(id);
  const seriesId = e.recurringEventId ? googleRowId(ctx.calendarId, e.recurringEventId) : null;
  const series = seriesId ? await tx.get<EventData>('event', seriesId) : undefined;
  const liveSeries = series && !series.deleted ? withEventDefaults(series.data) : null;
  if (e.status === 'cancelled') {
    let changed = false;
    if (seriesId) {
      // A cancelled occurrence: an exdate of its series (the series row changes, so it counts as saved).
      const key = liveSeries && occurrenceKey(e.originalStartTime, liveSeries, ctx.zone);
      if (liveSeries && key && !liveSeries.exdates.includes(key) && liveSeries.exdates.length < MAX_EXDATES) {
        changed = await write(tx, { ...(liveSeries as EventImportInput), exdates: [...liveSeries.exdates, key].sort() }, seriesId);
      }
    } else {
      for (const r of stored) if (r.data.seriesId === id) await tx.remove('event', r.id);
    }
    await tx.remove('event', id);
    return changed ? 1 : 0;
  }
  const fields = toImportedEvent(e, ctx);
  if (!fields || (seriesId && !liveSeries)) {
    await tx.remove('event', id); // an event the app cannot store (any more), or an exception without its series
    return 0;
  }
  if (seriesId && liveSeries) {
    const key = occurrenceKey(e.originalStartTime, liveSeries, ctx.zone);
    if (!key) return 0;
    fields.seriesId = seriesId;
    fields.originalStart = key;
    fields.recurrence = null;
    fields.exdates = [];
  } else if (fields.recurrence) {
    // Cancelled exceptions arrive once: the exdates they made stay when the series itself changes later.
    const before = await tx.get<EventData>('event', id);
    const kept = before && !before.deleted ? (before.data.exdates ?? []) : [];
    fields.exdates = [...new Set([...(fields.exdates ?? []), ...kept])].sort().slice(0, MAX_EXDATES);
  }
  return (await write(tx, fields, id)) ? 1 : 0;
}

/** writeImportedEvent; an event the event rules refuse is left out (nothing of it was written). */
async function write(tx: MutationTx, fields: EventImportInput, id: string): Promise<boolean> {
  try {
    return (await writeImportedEvent(tx, fields, { id })) !== 'unchanged';
  } catch (err) {
    if (err instanceof MutationError) return false;
    throw err;
  }
}

/** One calendar: incremental when its sync token covers the window, else (or on 410) a full listing of it. */
async function syncCalendar(svc: GoogleCalendarService, userId: string, cal: CalendarRow, window: SyncWindow): Promise<number> {
  const db = svc.app.db;
  const covered = !!cal.sync_token && !!cal.sync_time_min && !!cal.sync_time_max && cal.sync_time_min <= window.timeMin && cal.sync_time_max >= window.timeMax;
  if (covered) {
    try {
      const listing = await fetchEvents(svc, userId, cal.calendar_id, { syncToken: cal.sync_token! });
      const saved = await writeListing(svc, userId, cal, listing, null);
      await saveSyncToken(db, userId, cal.calendar_id, listing.nextSyncToken, { timeMin: cal.sync_time_min!, timeMax: cal.sync_time_max! });
      return saved;
    } catch (err) {
      if (!(err instanceof GoogleGone)) throw err;
      await saveSyncToken(db, userId, cal.calendar_id, null, null);
    }
  }
  const listing = await fetchEvents(svc, userId, cal.calendar_id, window);
  const saved = await writeListing(svc, userId, cal, listing, window);
  await saveSyncToken(db, userId, cal.calendar_id, listing.nextSyncToken, window);
  return saved;
}

export interface UserSyncResult {
  savedEvents: number;
  /** Calendars synced, and those that failed (Google unreachable, slow or refusing). */
  synced: number;
  failed: { calendarId: string; error: unknown }[];
}

/**
 * Syncs the user's visible calendars (only `calendarIds` among them, when given) over `window`, side by side.
 * A lost connection (409 GOOGLE_NOT_CONNECTED: Google refused the refresh token) is thrown; other failures are
 * per calendar, in `failed`. The connection's last sync time is set when any calendar (or none was due) synced.
 */
export async function syncUser(svc: GoogleCalendarService, userId: string, window: SyncWindow, calendarIds?: string[]): Promise<UserSyncResult> {
  const calendars = (await listCalendars(svc.app.db, userId)).filter((c) => c.visible === 1 && (!calendarIds || calendarIds.includes(c.calendar_id)));
  const settled = await Promise.allSettled(calendars.map((c) => syncCalendar(svc, userId, c, window)));
  const result: UserSyncResult = { savedEvents: 0, synced: 0, failed: [] };
  settled.forEach((s, i) => {
    if (s.status === 'fulfilled') {
      result.savedEvents += s.value;
      result.synced++;
    } else {
      result.failed.push({ calendarId: calendars[i]!.calendar_id, error: s.reason });
    }
  });
  const lost = result.failed.find((f) => f.error instanceof HttpError && f.error.code === 'GOOGLE_NOT_CONNECTED');
  if (lost) throw lost.error;
  if (result.synced > 0 || calendars.length === 0) await setLastSync(svc.app.db, userId, new Date().toISOString());
  return result;
}
