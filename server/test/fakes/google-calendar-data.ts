/**
 * The Calendar half of the fake Google (google-calendar.ts): calendars, events with a change counter, sync tokens
 * and paging, answered as the Calendar API v3 answers `calendarList` and `events` (fields the server reads only).
 */

export interface FakeTime {
  /** All-day: `YYYY-MM-DD` (an end date is exclusive, as Google has it). */
  date?: string;
  /** Timed: RFC 3339 with an offset or `Z`. */
  dateTime?: string;
  timeZone?: string;
}

export interface FakeEvent {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  location?: string;
  start?: FakeTime;
  end?: FakeTime;
  /** `['RRULE:FREQ=WEEKLY;BYDAY=MO', 'EXDATE;TZID=Europe/Berlin:20261207T100000']` on a recurring event. */
  recurrence?: string[];
  /** An exception of a recurring event: the series' id and the occurrence it replaces. */
  recurringEventId?: string;
  originalStartTime?: FakeTime;
  iCalUID?: string;
  htmlLink?: string;
  updated?: string;
}

export interface FakeCalendar {
  id: string;
  summary: string;
  description?: string;
  location?: string;
  backgroundColor?: string;
  timeZone?: string;
  primary?: boolean;
  accessRole?: string;
}

interface Stored {
  event: FakeEvent;
  /** The change counter when the event last changed (sync tokens compare with it). */
  seq: number;
}

/** What a list answers: the status and JSON body. */
export interface Answer {
  status: number;
  body: unknown;
}

const googleError = (status: number, reason: string, message: string): Answer => ({
  status,
  body: { error: { code: status, message, errors: [{ domain: 'global', reason, message }] } },
});

/** Where an event starts and ends, as ms (all-day: UTC midnights), for the timeMin/timeMax filter. */
function span(e: FakeEvent): { start: number; end: number } | null {
  const at = (t: FakeTime | undefined) => (t?.dateTime ? Date.parse(t.dateTime) : t?.date ? Date.parse(`${t.date}T00:00:00Z`) : NaN);
  const start = at(e.start);
  if (Number.isNaN(start)) return null;
  const end = at(e.end);
  return { start, end: Number.isNaN(end) ? start : end };
}

export class FakeCalendarData {
  readonly calendars = new Map<string, FakeCalendar>();
  private readonly events = new Map<string, Map<string, Stored>>();
  private seq = 0;
  /** Per calendar: sync tokens minted before this counter answer 410 Gone. */
  private readonly syncFloor = new Map<string, number>();
  /** The most items one page holds whatever `maxResults` asks (tests lower it to see paging). */
  maxPage = 250;

  addCalendar(cal: FakeCalendar): FakeCalendar {
    const full = { accessRole: 'owner', timeZone: 'UTC', ...cal };
    this.calendars.set(cal.id, full);
    if (!this.events.has(cal.id)) this.events.set(cal.id, new Map());
    return full;
  }

  /** Adds (or replaces) an event of the calendar. */
  putEvent(calendarId: string, event: FakeEvent): FakeEvent {
    const list = this.events.get(calendarId);
    if (!list) throw new Error(`fake google: no calendar ${calendarId}`);
    const full: FakeEvent = {
      status: 'confirmed',
      iCalUID: `${event.recurringEventId ?? event.id}@google.com`,
      htmlLink: `https://calendar.google.com/event?eid=${event.id}`,
      ...event,
      updated: new Date().toISOString(),
    };
    list.set(event.id, { event: full, seq: ++this.seq });
    return full;
  }

  event(calendarId: string, id: string): FakeEvent | undefined {
    return this.events.get(calendarId)?.get(id)?.event;
  }

  changeEvent(calendarId: string, id: string, patch: Partial<FakeEvent>): FakeEvent {
    const old = this.event(calendarId, id);
    if (!old) throw new Error(`fake google: no event ${id} in ${calendarId}`);
    return this.putEvent(calendarId, { ...old, ...patch, id });
  }

  /** Cancels (deletes) an event: listings leave it out, incremental syncs and showDeleted say `cancelled`. */
  cancelEvent(calendarId: string, id: string): void {
    const old = this.event(calendarId, id);
    if (!old) throw new Error(`fake google: no event ${id} in ${calendarId}`);
    this.putEvent(calendarId, { ...old, status: 'cancelled' });
  }

  /** Every sync token of the calendar minted so far now answers 410 Gone (the client must sync fully). */
  expireSyncTokens(calendarId: string): void {
    this.syncFloor.set(calendarId, this.seq + 1);
  }

  calendarList(query: URLSearchParams): Answer {
    const items = [...this.calendars.values()].map((c) => ({
      kind: 'calendar#calendarListEntry',
      id: c.id,
      summary: c.summary,
      description: c.description,
      location: c.location,
      timeZone: c.timeZone,
      backgroundColor: c.backgroundColor,
      foregroundColor: c.backgroundColor ? '#000000' : undefined,
      primary: c.primary || undefined,
      accessRole: c.accessRole,
    }));
    return { status: 200, body: { kind: 'calendar#calendarList', ...this.page(items, query) } };
  }

  /**
   * `events.list` with singleEvents=false: a full listing (timeMin/timeMax, showDeleted) or, with `syncToken`, the
   * changes since that token (cancelled ones included); pages by `maxResults`/`pageToken`; the last page carries
   * `nextSyncToken`. A syncToken with timeMin/timeMax is a 400 as at Google; a token from before
   * `expireSyncTokens` is 410 Gone.
   */
  listEvents(calendarId: string, query: URLSearchParams): Answer {
    const cal = this.calendars.get(calendarId);
    const list = this.events.get(calendarId);
    if (!cal || !list) return googleError(404, 'notFound', 'Not Found');
    if (query.get('singleEvents') === 'true') return googleError(400, 'invalid', 'The fake answers singleEvents=false only');
    const syncToken = query.get('syncToken');
    let chosen: FakeEvent[];
    if (syncToken) {
      if (query.has('timeMin') || query.has('timeMax')) return googleError(400, 'invalid', 'Sync token cannot be used with timeMin or timeMax');
      const m = /^sync-(\d+)-(.+)$/.exec(syncToken);
      if (!m || m[2] !== encodeURIComponent(calendarId)) return googleError(400, 'invalid', 'Invalid sync token value');
      const since = Number(m[1]);
      if (since < (this.syncFloor.get(calendarId) ?? 0)) return googleError(410, 'fullSyncRequired', 'Sync token is no longer valid, a full sync is required.');
      chosen = [...list.values()].filter((s) => s.seq > since).map((s) => s.event);
    } else {
      const min = query.has('timeMin') ? Date.parse(query.get('timeMin')!) : -Infinity;
      const max = query.has('timeMax') ? Date.parse(query.get('timeMax')!) : Infinity;
      if (Number.isNaN(min) || Number.isNaN(max)) return googleError(400, 'invalid', 'Bad Request');
      const showDeleted = query.get('showDeleted') === 'true';
      chosen = [...list.values()]
        .map((s) => s.event)
        // As at Google: cancelled exceptions of a recurring event are listed even without showDeleted.
        .filter((e) => showDeleted || e.status !== 'cancelled' || !!e.recurringEventId)
        .filter((e) => {
          const s = span(e.originalStartTime && !e.start ? { ...e, start: e.originalStartTime } : e);
          if (!s) return e.status === 'cancelled';
          // A recurring series is listed when it starts before timeMax (its occurrences may reach the window).
          return s.start < max && (e.recurrence?.length ? true : Math.max(s.end, s.start + 1) > min);
        });
    }
    chosen.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const page = this.page(chosen, query);
    const last = !page.nextPageToken;
    return {
      status: 200,
      body: {
        kind: 'calendar#events',
        summary: cal.summary,
        timeZone: cal.timeZone,
        ...page,
        ...(last ? { nextSyncToken: `sync-${this.seq}-${encodeURIComponent(calendarId)}` } : {}),
      },
    };
  }

  private page<T>(items: T[], query: URLSearchParams): { items: T[]; nextPageToken?: string } {
    const size = Math.min(Number(query.get('maxResults') ?? 250) || 250, this.maxPage);
    const from = Number(/^page-(\d+)$/.exec(query.get('pageToken') ?? '')?.[1] ?? 0);
    const slice = items.slice(from, from + size);
    return from + size < items.length ? { items: slice, nextPageToken: `page-${from + size}` } : { items: slice };
  }
}
