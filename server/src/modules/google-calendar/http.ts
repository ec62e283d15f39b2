import { HttpError } from '../../lib/errors.js';

/**
 * HTTP to Google (docs/google-calendar.md): Node's fetch with a timeout on every request, and Google's failures
 * sorted into what the import does about them. Unreachable, 5xx and timeouts are GoogleUnavailable (the route
 * answers 502 GOOGLE_UNAVAILABLE_UPSTREAM; the job tries again next turn); 401 is GoogleUnauthorized (refresh the
 * access token once); 410 is GoogleGone (a sync token Google no longer knows: sync fully); `invalid_grant` from the
 * token endpoint is GoogleGrantRevoked (the connection ends with a message); any other answer is GoogleRefused.
 */

export class GoogleUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoogleUnavailable';
  }
}
export class GoogleUnauthorized extends Error {}
export class GoogleGone extends Error {}
export class GoogleGrantRevoked extends Error {}
export class GoogleRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'GoogleRefused';
  }
}

export const UPSTREAM_MESSAGE = 'Google did not answer; try again in a minute';
export const upstreamError = () => new HttpError(502, 'GOOGLE_UNAVAILABLE_UPSTREAM', UPSTREAM_MESSAGE);
export const notConnected = () => new HttpError(409, 'GOOGLE_NOT_CONNECTED', 'Google Calendar is not connected');
export const unavailable = () => new HttpError(503, 'GOOGLE_UNAVAILABLE', 'Google Calendar is not available on this server');

/** A request to Google answering its JSON body; throws one of the errors above. */
export async function googleRequest<T>(url: string, init: { method?: string; headers?: Record<string, string>; form?: Record<string, string>; timeoutMs: number }): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers: { accept: 'application/json', ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...init.headers },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      signal: AbortSignal.timeout(init.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new GoogleUnavailable(timedOut ? `Google did not answer within ${init.timeoutMs} ms` : 'Google cannot be reached');
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (res.ok) return body as T;
  if (res.status >= 500 || res.status === 429) throw new GoogleUnavailable(`Google answered ${res.status}`);
  if (res.status === 401) throw new GoogleUnauthorized('Google refused the access token');
  if (res.status === 410) throw new GoogleGone('Google no longer knows the sync token');
  const error = (body as { error?: unknown } | null)?.error;
  if (error === 'invalid_grant') throw new GoogleGrantRevoked('Google refused the refresh token');
  throw new GoogleRefused(res.status, `Google refused the request (${res.status}${typeof error === 'string' ? ` ${error}` : ''})`);
}
