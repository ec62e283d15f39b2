import type { GoogleCalendarService } from './service.js';
import type { ListedCalendar } from './repository.js';

/** The two Calendar API v3 reads of the import, every page of them (docs/google-calendar.md). */

/** One event as `events.list` (singleEvents=false) answers it: the fields the import reads. */
export interface GoogleTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}
export interface GoogleEvent {
  id: string;
  status?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: GoogleTime;
  end?: GoogleTime;
  recurrence?: string[];
  recurringEventId?: string;
  originalStartTime?: GoogleTime;
  iCalUID?: string;
}

interface Page<T> {
  items?: T[];
  nextPageToken?: string;
  nextSyncToken?: string;
  timeZone?: string;
}

/** Pages a listing can have before the import stops reading it (2 500 items a page: 500 000 events). */
const MAX_PAGES = 200;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

export async function fetchCalendarList(svc: GoogleCalendarService, userId: string): Promise<ListedCalendar[]> {
  const out: ListedCalendar[] = [];
  let pageToken: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await svc.get<Page<Record<string, unknown>>>(userId, '/calendar/v3/users/me/calendarList', { maxResults: '250', pageToken });
    for (const c of page.items ?? []) {
      const id = text(c.id, 1_000);
      if (!id || c.deleted === true) continue;
      const color = typeof c.backgroundColor === 'string' && HEX_COLOR.test(c.backgroundColor) ? c.backgroundColor.toLowerCase() : null;
      out.push({
        id,
        summary: text(c.summaryOverride, 500) ?? text(c.summary, 500) ?? id,
        color,
        description: text(c.description, 20_000),
        location: text(c.location, 1_000),
        htmlLink: text(c.htmlLink, 2_000) ?? `https://calendar.google.com/calendar/embed?src=${encodeURIComponent(id)}`,
        timeZone: text(c.timeZone, 100),
        primary: c.primary === true,
      });
    }
    pageToken = page.nextPageToken;
    if (!pageToken) break;
  }
  return out;
}

export interface EventListing {
  items: GoogleEvent[];
  /** The calendar's zone (an event without its own zone is in it). */
  timeZone: string | null;
  nextSyncToken: string | null;
}

/**
 * Every page of `events.list` with singleEvents=false (recurring events as series, with their exceptions): the
 * changes since `syncToken`, or (none) the events of the window. GoogleGone when the sync token is stale.
 */
export async function fetchEvents(
  svc: GoogleCalendarService,
  userId: string,
  calendarId: string,
  from: { syncToken: string } | { timeMin: string; timeMax: string },
): Promise<EventListing> {
  const items: GoogleEvent[] = [];
  let timeZone: string | null = null;
  let pageToken: string | undefined;
  const path = `/calendar/v3/calendars/${encodeURIComponent(calendarId)}/events`;
  const query = 'syncToken' in from ? { syncToken: from.syncToken } : { timeMin: from.timeMin, timeMax: from.timeMax };
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await svc.get<Page<GoogleEvent>>(userId, path, { ...query, singleEvents: 'false', maxResults: '2500', pageToken });
    for (const e of page.items ?? []) if (e && typeof e.id === 'string' && e.id) items.push(e);
    timeZone ??= text(page.timeZone, 100);
    pageToken = page.nextPageToken;
    if (!pageToken) return { items, timeZone, nextSyncToken: page.nextSyncToken ?? null };
  }
  return { items, timeZone, nextSyncToken: null };
}
