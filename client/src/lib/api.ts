/**
 * The one HTTP client (SPEC section 7): every request carries `x-timezone`; authenticated calls carry the
 * bearer token from `localStorage.auth_token`; reads are retried once and writes never on 408, 409, 425, 429
 * and 5xx; errors become `ApiError` with the server's code, message and field details.
 */

export const TOKEN_KEY = 'auth_token';
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

export interface FieldError {
  field: string;
  key: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldError[] = [],
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The network could not be reached at all (offline, DNS, refused). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores the token; false when storage refuses (SPEC: 'Failed to save authentication token'). */
export function setToken(token: string | null): boolean {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
    return true;
  } catch {
    return false;
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** Called on every 401 from an authenticated call (the auth store refreshes the token or signs out). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * A call that does not go through `request` (an upload through XMLHttpRequest, a calendar file) got a 401 for
 * the bearer token it carried: the same global handler runs (SPEC section 8, global response handling).
 */
export function reportUnauthorized(): void {
  for (const l of [...unauthorizedListeners]) l();
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Retries on the retryable statuses; default 1 for reads, 0 for writes. */
  retries?: number;
  signal?: AbortSignal;
  /** Abort after this many ms. */
  timeoutMs?: number;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const retries = options.retries ?? (method === 'GET' ? 1 : 0);
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { 'x-timezone': timeZone() };
  const token = options.auth === false ? null : getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  for (let attempt = 0; ; attempt++) {
    let res: Response;
    const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    const signal = options.signal && timeout ? AbortSignal.any([options.signal, timeout]) : (options.signal ?? timeout);
    try {
      res = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        credentials: 'same-origin',
        signal,
      });
    } catch (err) {
      if ((err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError') throw err;
      throw new ApiError(0, 'NETWORK', 'Network error. Please check your connection');
    }
    if (res.ok) {
      const text = await res.text();
      return (text ? JSON.parse(text) : null) as T;
    }
    if (RETRY_STATUSES.has(res.status) && attempt < retries) continue;
    let body: Record<string, unknown> = {};
    try {
      body = (await res.json()) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    const error = (body.error ?? {}) as { code?: string; message?: string; details?: FieldError[] };
    if (res.status === 401 && token) reportUnauthorized();
    throw new ApiError(res.status, error.code ?? 'HTTP_' + res.status, error.message ?? fallbackMessage(res.status), error.details ?? [], body);
  }
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Unauthorized access';
  if (status === 403) return 'Access forbidden';
  if (status === 404) return 'Not found';
  if (status >= 500) return 'Server error. Please try again later';
  return 'An unknown error occurred';
}
