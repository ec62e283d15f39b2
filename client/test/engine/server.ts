import type { Mutation, PullResponse, PushResponse } from '@adhd/shared/sync/protocol';

/**
 * The real server, in process, for the engine tests. It lives in another TypeScript project, so it is loaded
 * at run time by a path TypeScript does not follow (a literal import would pull server sources into the
 * client's program); only the few members used here are typed.
 */
interface ServerApp {
  listen(options: { port: number; host: string }): Promise<string>;
  sessions: { tokenFor(userId: string, sessionId: string): string };
  server: { closeAllConnections(): void };
}
interface FixturesModule {
  makeTestApp(overrides?: Record<string, unknown>, options?: Record<string, unknown>): Promise<{ app: ServerApp; close(): Promise<void> }>;
  seedUser(app: ServerApp): Promise<{ id: string; sessionId: string; token: string }>;
}

const here = (import.meta as { dirname?: string }).dirname ?? '';
const FIXTURES = `${here.replace(/\/client\/test\/engine$/, '')}/server/test/kit.ts`;

export interface TestServer {
  baseUrl: string;
  app: ServerApp;
  seedUser(): Promise<{ id: string; token: string }>;
  push(token: string, clientId: string, mutations: Mutation[]): Promise<PushResponse>;
  /** Every live and deleted row of the user, by pulling from 0 with a fresh client id. */
  snapshot(token: string): Promise<{ cursor: number; rows: Map<string, PullResponse['changes'][number]> }>;
  close(): Promise<void>;
}

/** `options`: the server's BuildOptions (e.g. `{ syncLimits: { batchMaxRows: 1 } }`). */
export async function startServer(options: Record<string, unknown> = {}): Promise<TestServer> {
  const { makeTestApp, seedUser } = (await import(/* @vite-ignore */ FIXTURES)) as FixturesModule;
  // Seeding pushes thousands of mutations at once: the per-user write rate limit is lifted unless a test sets it.
  const lifted = { writesPerMinute: 1e9, writeBurst: 1e9 };
  const syncLimits = { ...lifted, ...(options.syncLimits as Record<string, unknown> | undefined) };
  const fixture = await makeTestApp({}, { ...options, syncLimits });
  const baseUrl = await fixture.app.listen({ port: 0, host: '127.0.0.1' });
  const call = async <T>(path: string, token: string, body: unknown): Promise<T> => {
    const res = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    baseUrl,
    app: fixture.app,
    seedUser: () => seedUser(fixture.app),
    /**
     * Pushes `mutations` and, like the engine, again with whatever the answer did not acknowledge yet: a busy
     * server applies a large batch in parts (its per-request time budget, docs/sync.md). Answers the last reply.
     */
    async push(token, clientId, mutations) {
      let rest = mutations;
      for (;;) {
        const res = await call<PushResponse>('/api/sync/push', token, { clientId, schemaVersion: 1, mutations: rest });
        const left = rest.filter((m) => m.id > res.lastMutationId);
        if (left.length === 0 || left.length === rest.length) return res;
        rest = left;
      }
    },
    async snapshot(token) {
      const clientId = `snap_${crypto.randomUUID().replaceAll('-', '')}`;
      const rows = new Map<string, PullResponse['changes'][number]>();
      let cursor = 0;
      for (;;) {
        const page = await call<PullResponse>('/api/sync/pull', token, { clientId, cursor, limit: 5000 });
        for (const c of page.changes) rows.set(`${c.entity}:${c.id}`, c);
        cursor = page.cursor;
        if (!page.hasMore) return { cursor, rows };
      }
    },
    async close() {
      // Keep-alive and aborted stream sockets would hold the close for seconds; every test is done by now.
      fixture.app.server.closeAllConnections();
      await fixture.close();
    },
  };
}
