import pg from 'pg';

export interface ListenHandlers {
  /** A notification's payload (delivered only after the sending transaction committed). */
  message(payload: string): void;
  /**
   * Listening again after the connection was lost: notifications sent meanwhile are gone (PostgreSQL never
   * replays them), so whoever depends on them must catch up now.
   */
  reconnected(): void;
  /** The connection was lost or could not be opened; the listener retries after `delayMs`. */
  lost(err: Error, delayMs: number): void;
}

export interface Listener {
  /** The listening connection's backend process id (null while disconnected). */
  readonly pid: number | null;
  close(): Promise<void>;
}

/** Backoff between reconnection attempts: doubles from the first to the last. */
export const RECONNECT_DELAYS_MS = { first: 100, max: 5_000 };

/**
 * One dedicated connection to PostgreSQL, outside the pool (a pooled connection may be handed to a query that
 * runs `DISCARD ALL`, and transaction poolers such as pgbouncer drop `LISTEN`), listening on `channel`. A lost
 * connection is replaced after a backoff (100 ms doubling to 5 s) and `reconnected` is called once it listens
 * again. Resolves once the first `LISTEN` is in place; rejects if that first connection fails.
 */
export async function listen(url: string, channel: string, handlers: ListenHandlers): Promise<Listener> {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = RECONNECT_DELAYS_MS.first;

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: url, application_name: 'adhd-superapp-listen' });
    // Errors after the connection is up arrive as events: without a listener they would crash the process.
    c.on('error', (err) => dropped(c, err));
    c.on('end', () => dropped(c, new Error('listening connection ended')));
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) handlers.message(msg.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => undefined);
      throw err;
    }
    return c;
  };

  const retry = () => {
    timer = null;
    if (closed) return;
    connect().then(
      (c) => {
        if (closed) return void c.end().catch(() => undefined);
        client = c;
        delay = RECONNECT_DELAYS_MS.first;
        handlers.reconnected();
      },
      (err: unknown) => schedule(err instanceof Error ? err : new Error(String(err))),
    );
  };

  const schedule = (err: Error) => {
    if (closed || timer) return;
    handlers.lost(err, delay);
    timer = setTimeout(retry, delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_DELAYS_MS.max);
  };

  /** The current connection failed (an error, then usually `end`): forget it once and schedule a retry. */
  function dropped(c: pg.Client, err: Error) {
    if (client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    schedule(err);
  }

  client = await connect();
  return {
    get pid() {
      return (client as (pg.Client & { processID?: number }) | null)?.processID ?? null;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
