import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../../src/app.js';
import { makeTestApp, type TestApp, type TestOverrides } from '../kit.js';

/**
 * Two app instances on one PostgreSQL schema (several instances behind a load balancer, in one test process):
 * `a` gets a fresh schema, `b` opens the same one (`databaseUrl` of `a`) with a DATA_DIR and an INSTANCE_ID of
 * its own. With `listen: true` both listen on loopback ports (`baseA`, `baseB`).
 */
export interface TwoInstances {
  readonly a: TestApp;
  readonly b: TestApp;
  readonly baseA: string;
  readonly baseB: string;
}

export async function startTwoInstances(overrides: TestOverrides = {}, options: BuildOptions = {}) {
  const a = await makeTestApp({ instanceId: 'app-a', ...overrides }, options);
  const b = await makeTestApp({ instanceId: 'app-b', ...overrides, databaseUrl: a.config.databaseUrl }, options).catch(async (err: unknown) => {
    await a.close();
    throw err;
  });
  return {
    a,
    b,
    // b first: a's close drops the schema both use.
    async close() {
      await b.close();
      await a.close();
    },
  };
}

/** `beforeAll`/`afterAll` for two instances in the calling scope; read the fields inside tests. */
export function useTwoInstances(opts: { config?: TestOverrides; build?: BuildOptions; listen?: boolean } = {}): TwoInstances {
  let started: Awaited<ReturnType<typeof startTwoInstances>> | undefined;
  let bases: [string, string] | undefined;
  beforeAll(async () => {
    started = await startTwoInstances(opts.config, opts.build);
    if (opts.listen) {
      bases = [await started.a.app.listen({ port: 0, host: '127.0.0.1' }), await started.b.app.listen({ port: 0, host: '127.0.0.1' })];
    }
  });
  afterAll(() => started?.close());
  const need = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`useTwoInstances: ${what} is not ready (read it inside a test)`);
    return v;
  };
  return {
    get a() {
      return need(started, 'the instances').a;
    },
    get b() {
      return need(started, 'the instances').b;
    },
    get baseA() {
      return need(bases, 'baseA (listen: true)')[0];
    },
    get baseB() {
      return need(bases, 'baseB (listen: true)')[1];
    },
  };
}

/** Reads `event: poke` versions from an open SSE stream (`GET /api/sync/stream`). */
export function pokeReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  return {
    /** The next poke's version; throws when the stream ends first. */
    async next(): Promise<number> {
      for (;;) {
        const m = /event: poke\ndata: (\{[^\n]*\})\n\n/.exec(buffer);
        if (m) {
          buffer = buffer.slice(m.index + m[0].length);
          return (JSON.parse(m[1]!) as { version: number }).version;
        }
        const { value, done } = await reader.read();
        if (done) {
          ended = true;
          throw new Error('stream ended');
        }
        buffer += decoder.decode(value, { stream: true });
      }
    },
    /** Resolves once the server has closed the stream (what is left unread is dropped). */
    async closed(): Promise<void> {
      while (!ended) {
        const { done } = await reader.read();
        if (done) ended = true;
      }
    },
    cancel: () => reader.cancel(),
  };
}

/** `promise`, or a rejection naming `what` after `ms`: a test that waits for a message never hangs. */
export function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
