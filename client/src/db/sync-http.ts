import { timeZone } from '../lib/api';
import { takeEarlyResponse } from '../lib/early';

/**
 * How a sync request failed, as the engine reacts to it (docs/sync.md, push "Other answers"):
 * `network` back off and retry; `auth` refresh or ask to sign in, keeping the outbox; `tooOld` stop and ask
 * for a reload; `forbidden` start over with a new client id; `gap` resend from `expected`; `rateLimited` (429)
 * wait `Retry-After`, calmly; `tooLarge` (413) send a smaller batch, or set a single mutation aside; `server`
 * (5xx, an unexpected 4xx) back off and retry; `aborted` the engine stopped or lost the sync lock.
 */
export type SyncErrorKind =
  | 'network'
  | 'auth'
  | 'tooOld'
  | 'forbidden'
  | 'gap'
  | 'rateLimited'
  | 'tooLarge'
  | 'storageFull'
  | 'server'
  | 'aborted';

export class SyncHttpError extends Error {
  constructor(
    readonly kind: SyncErrorKind,
    readonly status: number,
    readonly body: Record<string, unknown> = {},
    /** The bearer token the request carried. */
    readonly token: string | null = null,
    /** `rateLimited`: how long the server asked to wait (its `Retry-After`), in ms. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`sync ${kind} (${status})`);
    this.name = 'SyncHttpError';
  }
}

export interface SyncHttpOptions {
  /** Origin of the API; '' means the page's own origin. */
  baseUrl: string;
  fetch: typeof fetch;
  getToken: () => string | null;
  /** Push and pull requests give up after this long (the stream has no limit). */
  timeoutMs: number;
}

/** The engine's HTTP calls, following lib/api.ts conventions (x-timezone, bearer) with statuses kept. */
export class SyncHttp {
  constructor(private readonly options: SyncHttpOptions) {}

  private url(path: string): string {
    const base = this.options.baseUrl || (typeof window === 'undefined' ? '' : window.location.origin);
    return base ? new URL(path, base).toString() : path;
  }

  private async send(path: string, init: RequestInit, signal: AbortSignal, timeoutMs: number | null, bearer = true) {
    const token = bearer ? this.options.getToken() : null;
    const headers: Record<string, string> = { 'x-timezone': timeZone(), ...(init.headers as Record<string, string>) };
    if (token) headers.authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    let fetchSignal = signal;
    let done = () => {};
    if (timeoutMs !== null) {
      const controller = new AbortController();
      const abort = () => controller.abort();
      signal.addEventListener('abort', abort, { once: true });
      const timer = setTimeout(abort, timeoutMs);
      done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
      };
      fetchSignal = controller.signal;
    }
    let res: Response;
    try {
      if (signal.aborted) throw new Error('aborted');
      const send = () => this.options.fetch(this.url(path), { ...init, headers, credentials: 'same-origin', signal: fetchSignal });
      // A first sync's first page may already be on its way (public/early.js), sent with the token stored at
      // page start: on a 401 the request goes again with the current one.
      const early = typeof init.body === 'string' ? takeEarlyResponse(path, init.body) : null;
      res = early ? await early.then((r) => (r.status === 401 ? send() : r), send) : await send();
    } catch {
      done();
      throw new SyncHttpError(signal.aborted ? 'aborted' : 'network', 0, {}, token);
    }
    if (res.ok) return { res, token, done };
    done();
    let body: Record<string, unknown> = {};
    try {
      body = (await res.json()) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    const code = (body.error as { code?: string } | undefined)?.code;
    const kind: SyncErrorKind =
      res.status === 401
        ? 'auth'
        : res.status === 426
          ? 'tooOld'
          : res.status === 403
            ? 'forbidden'
            : res.status === 409 && code === 'MUTATION_GAP'
              ? 'gap'
              : res.status === 429 || (res.status === 503 && res.headers.has('retry-after'))
                ? // Too many writes, or a store busy for a moment (503 STORE_BUSY): wait as asked, calmly.
                  'rateLimited'
                : res.status === 413
                  ? 'tooLarge'
                  : res.status === 507
                    ? 'storageFull'
                    : 'server';
    throw new SyncHttpError(kind, res.status, body, token, kind === 'rateLimited' ? retryAfterMs(res.headers.get('retry-after')) : null);
  }

  /** POST a JSON body and read the JSON answer. */
  async post<T>(path: string, body: unknown, signal: AbortSignal): Promise<T> {
    const { res, token, done } = await this.send(path, { method: 'POST', body: JSON.stringify(body) }, signal, this.options.timeoutMs);
    try {
      return (await res.json()) as T;
    } catch {
      throw new SyncHttpError(signal.aborted ? 'aborted' : 'network', res.status, {}, token);
    } finally {
      done();
    }
  }

  /** Open the SSE stream; the caller reads the body until it ends or `signal` aborts. */
  async stream(path: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
    const { res, token } = await this.send(path, { method: 'GET', headers: { accept: 'text/event-stream' } }, signal, null);
    if (!res.body) throw new SyncHttpError('server', res.status, {}, token);
    return res.body;
  }

  /**
   * A fresh access token from the session cookie: `GET /api/auth/me` without the expired bearer (the server
   * never lets a cookie rescue an invalid bearer). Null when the session is gone or belongs to someone else.
   */
  async refreshToken(userId: string, signal: AbortSignal): Promise<string | null> {
    try {
      const { res, done } = await this.send('/api/auth/me', { method: 'GET' }, signal, this.options.timeoutMs, false);
      const me = (await res.json().finally(done)) as { token?: unknown; user?: { _id?: unknown } };
      return typeof me.token === 'string' && me.user?._id === userId ? me.token : null;
    } catch (err) {
      if (err instanceof SyncHttpError && err.kind === 'auth') return null;
      throw err;
    }
  }
}

/** The longest `Retry-After` honoured; a larger (or broken) value waits this long and tries again. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** `Retry-After` (delay-seconds or an HTTP date) in ms, within [1 s, MAX_RETRY_AFTER_MS]; 1 s when absent. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? '';
  const ms = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms)) return 1000;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(1000, ms));
}
