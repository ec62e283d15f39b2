import { GOOGLE_REQUEST_TIMEOUT_MS, type GoogleCalendarItem, type GoogleCalendarStatus, type GoogleSyncResult } from '@adhd/shared/google/types';
import { request, type RequestOptions } from '../../../lib/api';

/**
 * The Google Calendar routes (SPEC section 7, contract "HTTP"). Every call gives up after 10 s
 * (GOOGLE_REQUEST_TIMEOUT_MS); reads carry a cache-busting parameter. The events themselves never come through
 * here: the server writes them into the user's store and they arrive by the normal replication.
 */
const BASE = '/api/google/calendar';

const get = <T>(path: string, query: RequestOptions['query'] = {}) =>
  request<T>(`${BASE}${path}`, { query: { ...query, _: Date.now() }, timeoutMs: GOOGLE_REQUEST_TIMEOUT_MS });
const post = <T>(path: string, body: unknown) => request<T>(`${BASE}${path}`, { method: 'POST', body, timeoutMs: GOOGLE_REQUEST_TIMEOUT_MS });

export const googleApi = {
  status: () => get<GoogleCalendarStatus>('/status'),
  authUrl: () => get<{ authUrl: string }>('/auth'),
  calendars: () => get<{ calendars: GoogleCalendarItem[] }>('/calendars'),
  sync: (body: { calendarIds: string[]; timeMin: string; timeMax: string }) => post<GoogleSyncResult>('/sync', body),
  visibility: (calendarId: string, visible: boolean) => post<{ calendar: GoogleCalendarItem }>('/visibility', { calendarId, visible }),
  disconnect: (deleteEvents: boolean) => post<{ success: true }>('/disconnect', { deleteEvents }),
};

/** SPEC section 9: the sync window, one month before to one month after now (as the server's job uses). */
export function syncWindow(now = new Date()): { timeMin: string; timeMax: string } {
  const min = new Date(now);
  min.setMonth(min.getMonth() - 1);
  const max = new Date(now);
  max.setMonth(max.getMonth() + 1);
  return { timeMin: min.toISOString(), timeMax: max.toISOString() };
}
