import { SKIP_MUTATION, type Mutation, type PushResponse } from '@adhd/shared/sync/protocol';
import type { MutationArgs, MutationName } from '@adhd/shared/sync/registry';
import { AppDatabase } from '../../src/db/database';
import { SyncEngine, type SyncOptions } from '../../src/db/engine';
import { setToken } from '../../src/lib/api';

export interface Call {
  path: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

/**
 * A fetch that can be cut off: `offline` makes every request fail like a dropped connection; `fail(path, n)`
 * fails requests to that path after the first `n`; `loseResponse(path)` lets the server process the request
 * but loses the answer; `respond(path, fn)` answers in its place (`fn` may reach the server itself); `during(path, fn)` acts while
 * a request is in flight. Every request is recorded.
 */
export function makeNetwork() {
  const calls: Call[] = [];
  const failing = new Map<string, number>();
  const losing = new Set<string>();
  const canned = new Map<string, Answer>();
  const hooks = new Map<string, () => Promise<void>>();
  const net = {
    calls,
    offline: false,
    fail: (path: string, after = 0) => failing.set(path, after),
    loseResponse: (path: string) => losing.add(path),
    respond: (path: string, fn: Answer) => canned.set(path, fn),
    /** Run `fn` once, when the next request to `path` is on its way (before the server sees it). */
    during: (path: string, fn: () => Promise<void>) => hooks.set(path, fn),
    heal() {
      net.offline = false;
      failing.clear();
      losing.clear();
      canned.clear();
    },
    count: (path: string) => calls.filter((c) => c.path === path).length,
    paths: () => calls.map((c) => c.path),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input)).pathname;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
      calls.push({ path, body, headers: { ...(init?.headers as Record<string, string>) } });
      const after = failing.get(path);
      if (net.offline || (after !== undefined && net.count(path) > after)) throw new TypeError('fetch failed');
      const hook = hooks.get(path);
      hooks.delete(path);
      await hook?.();
      const answer = canned.get(path);
      if (answer) return answer(body, input, init);
      const res = await fetch(input, init);
      if (losing.has(path)) {
        await res.arrayBuffer();
        throw new TypeError('fetch failed');
      }
      return res;
    }) as typeof fetch,
  };
  return net;
}

export type Network = ReturnType<typeof makeNetwork>;

/** A canned answer; it may still reach the server itself with `input` and `init`. */
type Answer = (body: Record<string, unknown> | undefined, input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>;

/**
 * The server refuses the pushed mutations that `match` picks, as it refuses a domain error: each is sent to the
 * real server as `sync.skip` (its id is consumed, nothing changes) and answered `rejected` with `code` and
 * `message`. For refusals the test server does not produce itself (QUOTA_EXCEEDED).
 */
export function refuseOnServer(net: Network, match: (m: Mutation) => boolean, code: string, message: string) {
  net.respond('/api/sync/push', async (body, input, init) => {
    const mutations = body!.mutations as Mutation[];
    const refused = new Set(mutations.filter(match).map((m) => m.id));
    const sent = { ...body, mutations: mutations.map((m) => (refused.has(m.id) ? { id: m.id, name: SKIP_MUTATION, args: {} } : m)) };
    const res = await fetch(input, { ...init, body: JSON.stringify(sent) });
    if (!res.ok) return res;
    const answer = (await res.json()) as PushResponse;
    const results = answer.results.map((r) => (refused.has(r.id) ? { id: r.id, status: 'rejected' as const, code, message } : r));
    return json(200, { ...answer, results });
  });
}

/** A database for `userId` and an engine on it, talking to `baseUrl` through `net`, with the token stored. */
export function makeEngine(userId: string, token: string, baseUrl: string, net: Network, options: SyncOptions = {}) {
  setToken(token);
  const db = new AppDatabase(userId);
  const engine = new SyncEngine(db, {
    baseUrl,
    fetch: net.fetch,
    locks: null,
    stream: false,
    refresh: false,
    backoff: { minMs: 20, maxMs: 200 },
    ...options,
  });
  return { db, engine };
}

let seq = 0;
/** A client id and mutation ids for a second device writing straight to the server. */
export function otherDevice() {
  const clientId = `dev_${++seq}_${crypto.randomUUID().replaceAll('-', '')}`;
  let next = 1;
  return {
    clientId,
    m: <N extends MutationName>(name: N, args: MutationArgs<N>): Mutation => ({ id: next++, name, args }),
  };
}

export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Live rows of the tasks table as `id → data`. */
export async function liveTasks(db: AppDatabase): Promise<Record<string, Record<string, unknown>>> {
  const rows = await db.tasks.where('deleted').equals(0).toArray();
  return Object.fromEntries(rows.map((r) => [r.id, r.data]));
}

/** Every sync cursor a transaction writes to `db` from now on, in order (one entry per stored pull page). */
export function committedCursors(db: AppDatabase): number[] {
  const committed: number[] = [];
  db._meta.hook('creating', (_key, row) => void (row.key === 'cursor' && committed.push(Number(row.value))));
  db._meta.hook('updating', (changes, key) => void (key === 'cursor' && committed.push(Number((changes as { value: unknown }).value))));
  return committed;
}
