/**
 * What the server and the client agree on about Google (SPEC sections 2, 3, 7 and 9; CONTRACT.md "Google").
 * Server: `server/src/modules/google-calendar/` (Calendar import) and `server/src/modules/auth/google-*.ts`
 * (sign-in and linking). Client: `client/src/features/calendar/google/` and `client/src/features/auth/google-*`.
 */

/** SPEC section 9: the background sync runs every minute while connected. */
export const GOOGLE_SYNC_INTERVAL_MS = 60_000;
/** SPEC section 9: every request to Google gives up after ten seconds. */
export const GOOGLE_REQUEST_TIMEOUT_MS = 10_000;
/** The read-only Calendar scope the authorisation asks for (nothing is ever written to Google). */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';

/** SPEC section 3: an imported event's id, `google_<calendarId>_<eventId>`. */
export const googleEventId = (calendarId: string, eventId: string): string => `google_${calendarId}_${eventId}`;

/** `GET /api/google/calendar/status`. `available` is false when the server has no GOOGLE_CLIENT_ID. */
export interface GoogleCalendarStatus {
  connected: boolean;
  available: boolean;
  /** Why the connection ended on its own (a revoked refresh token), for the calendar screen to say; else null. */
  message: string | null;
  /** ISO time of the last finished sync, or null. */
  lastSyncAt: string | null;
}

/** One entry of `GET /api/google/calendar/calendars` → `{ calendars }`. */
export interface GoogleCalendarItem {
  id: string;
  summary: string;
  visible: boolean;
  /** The calendar's own colour (`#rrggbb`), or null: its events then show #4285F4. */
  color: string | null;
  description: string | null;
  location: string | null;
  htmlLink: string | null;
  primary: boolean;
}

/** `POST /api/google/calendar/sync` → `{ savedEvents }`: how many events were created or changed. */
export interface GoogleSyncResult {
  savedEvents: number;
}

/** `GET /api/auth/google/config` (no login): what the sign-in screens need to show "Continue with Google". */
export interface GoogleSignInConfig {
  available: boolean;
  clientId: string | null;
}
