import { SyncHttpError } from './sync-http';

/** What a failed push/pull run means for the engine (docs/sync.md, "The engine"); engine.ts carries it out. */
export type FailureAction =
  /** Aborted (this tab stopped leading): nothing to do. */
  | { kind: 'ignore' }
  /** The database was closed (signed out, deleted, upgraded by another tab). */
  | { kind: 'stop' }
  /** 401: ask for a fresh token with the session cookie, once per refused token. */
  | { kind: 'refresh'; token: string }
  /** 401 again: pause until a different token is stored. */
  | { kind: 'signin'; token: string | null }
  /** 426: this app is too old for the server. */
  | { kind: 'reload' }
  /** 429 (or a busy store): retry after exactly this long. */
  | { kind: 'wait'; ms: number }
  /** 403: the client id belongs to another user; start over under a new one. */
  | { kind: 'restart' }
  /** Anything else: back off and retry, shown as offline or as an error. */
  | { kind: 'retry'; offline: boolean; reason: 'full' | 'server' };

export interface FailureContext {
  aborted: boolean;
  /** Whether a 401 for `token` may still try the session cookie. */
  mayRefresh(token: string): boolean;
  /** Whether a 403 may still start over (once since the last successful sync, with the sync metadata loaded). */
  mayRestart: boolean;
  /** The wait when a 429 gave no Retry-After. */
  minMs: number;
}

const isKind = (err: unknown, kind: SyncHttpError['kind']) => err instanceof SyncHttpError && err.kind === kind;

export function failureAction(err: unknown, ctx: FailureContext): FailureAction {
  if (isKind(err, 'aborted') || ctx.aborted) return { kind: 'ignore' };
  if ((err as Error)?.name === 'DatabaseClosedError') return { kind: 'stop' };
  if (err instanceof SyncHttpError && err.kind === 'auth') {
    return err.token && ctx.mayRefresh(err.token) ? { kind: 'refresh', token: err.token } : { kind: 'signin', token: err.token };
  }
  if (isKind(err, 'tooOld')) return { kind: 'reload' };
  if (err instanceof SyncHttpError && err.kind === 'rateLimited') return { kind: 'wait', ms: err.retryAfterMs ?? ctx.minMs };
  if (isKind(err, 'forbidden') && ctx.mayRestart) return { kind: 'restart' };
  return { kind: 'retry', offline: isKind(err, 'network'), reason: isKind(err, 'storageFull') ? 'full' : 'server' };
}
