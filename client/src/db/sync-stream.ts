import { readEventStream } from './sse';
import { SyncHttpError, type SyncHttp } from './sync-http';

/** Retry delay: doubling from `minMs` up to `maxMs`, randomly shortened by up to half (jitter). */
export function backoffDelay(attempt: number, minMs: number, maxMs: number, random = Math.random): number {
  const cap = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/** Wait `ms`, or less when `signal` aborts. */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });

export interface PokeStreamEvents {
  /** The stream is open (the network is back, if it was gone). */
  connected(): void;
  /** The server announced its current version. */
  poked(version: number): void;
  /** 401 or 426: the stream stops; the engine's push/pull loop handles the same answer. */
  refused(): void;
}

/** The server pings every 25 s: a stream silent this long is dead (a proxy or a sleeping laptop dropped it unseen). */
export const STREAM_SILENCE_MS = 60_000;

/**
 * The SSE poke stream (docs/sync.md, `GET /api/sync/stream`), read with fetch so the bearer token is sent
 * and a 401 is visible. It reconnects with backoff until stopped; on each connect the server sends its current
 * version, so pokes missed while disconnected are caught up. A watchdog aborts a connection that has been
 * silent (no event, no `: ping`) for `silenceMs` and connects again: a half-open connection never ends by itself.
 */
export class PokeStream {
  private readonly abort = new AbortController();

  constructor(
    private readonly http: SyncHttp,
    private readonly backoff: { minMs: number; maxMs: number; silenceMs?: number },
    private readonly on: PokeStreamEvents,
  ) {}

  start(): void {
    void this.loop(this.abort.signal);
  }

  stop(): void {
    this.abort.abort();
  }

  private async loop(signal: AbortSignal): Promise<void> {
    for (let failures = 0; !signal.aborted; ) {
      let wait = 0;
      // One connection: ends with the stream, when stopped, or when the watchdog finds it silent.
      const connection = new AbortController();
      const end = () => connection.abort();
      signal.addEventListener('abort', end, { once: true });
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const alive = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(end, this.backoff.silenceMs ?? STREAM_SILENCE_MS);
      };
      try {
        alive();
        const body = await this.http.stream('/api/sync/stream', connection.signal);
        failures = 0;
        this.on.connected();
        alive();
        await readEventStream(
          body,
          ({ event, data }) => {
            if (event !== 'poke') return;
            const version = Number((JSON.parse(data) as { version?: unknown }).version);
            if (Number.isFinite(version)) this.on.poked(version);
          },
          { signal: connection.signal, onChunk: alive },
        );
      } catch (err) {
        if (signal.aborted) return;
        if (err instanceof SyncHttpError && (err.kind === 'auth' || err.kind === 'tooOld')) {
          this.on.refused();
          return;
        }
        // Too many streams or requests (429): not before the server's Retry-After.
        if (err instanceof SyncHttpError && err.kind === 'rateLimited') wait = err.retryAfterMs ?? 0;
      } finally {
        clearTimeout(watchdog);
        signal.removeEventListener('abort', end);
      }
      await sleep(Math.max(wait, backoffDelay(failures++, this.backoff.minMs, this.backoff.maxMs)), signal);
    }
  }
}
