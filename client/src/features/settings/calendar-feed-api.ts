import { ApiError, getToken, reportUnauthorized, request, timeZone, type FieldError } from '../../lib/api';

/** Calendar files and the private feed (CONTRACT.md "calendar files", docs/calendar-files.md). */

export interface FeedState {
  active: boolean;
  createdAt: string | null;
}

export interface IcsImportResult {
  imported: number;
  updated: number;
  skipped: number;
}

export const getFeed = () => request<FeedState>('/api/calendar-feed');
/** A new feed URL; the previous one stops working. The server keeps only its hash: it is shown once. */
export const createFeed = () => request<{ url: string }>('/api/calendar-feed', { method: 'POST' });
export const revokeFeed = () => request<{ success: true }>('/api/calendar-feed', { method: 'DELETE' });

/** A call whose body or answer is a calendar file (the shared helper speaks JSON only); errors as `ApiError`. */
async function icsCall(method: 'GET' | 'POST', body?: Blob): Promise<Response> {
  const headers: Record<string, string> = { 'x-timezone': timeZone() };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (body) headers['content-type'] = 'text/calendar';
  let res: Response;
  try {
    res = await fetch(new URL('/api/events/ics', window.location.origin), { method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error. Please check your connection');
  }
  if (res.ok) return res;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = (await res.json()) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  const error = (parsed.error ?? {}) as { code?: string; message?: string; details?: FieldError[] };
  if (res.status === 401 && token) reportUnauthorized();
  throw new ApiError(res.status, error.code ?? `HTTP_${res.status}`, error.message ?? 'An unknown error occurred', error.details ?? [], parsed);
}

/** `GET /api/events/ics`: every event as one calendar file. */
export const downloadIcs = async (): Promise<Blob> => (await icsCall('GET')).blob();

/** `POST /api/events/ics` with the file as it is. */
export const importIcs = async (file: Blob): Promise<IcsImportResult> => (await (await icsCall('POST', file)).json()) as IcsImportResult;

/** The largest file the server takes (routes.ts ICS_MAX_BYTES). */
export const ICS_MAX_BYTES = 5 * 1024 * 1024;
