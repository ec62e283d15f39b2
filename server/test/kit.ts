import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Mutation, PullResponse } from '@adhd/shared/sync/protocol';
import { buildApp, type BuildOptions } from '../src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig, type AppConfig, type RateLimits } from '../src/config.js';
import { newId, nowIso } from '../src/lib/ids.js';
import { ScriptedClient } from './sync-client.js';
import { testStore } from './stores.js';

/**
 * The server test kit: a real app on a fresh SQLite file, users seeded straight into the store, and requests
 * through `app.inject`. `useServerTest()` registers the vitest hooks that start and close one app for the
 * calling file (or `describe` block) and answers a handle whose fields are read after `beforeAll` ran:
 *
 *   const t = useServerTest();                                    // an app and a signed-in `t.user`
 *   const task = await t.create('/api/tasks', { title: 'x' });     // POST, expects 201
 *   const res = await t.callAs(await t.seedUser(), 'GET', `/api/tasks/${task._id}`); // as someone else
 *   const phone = t.device();                                     // a scripted sync replica of t.user
 */

/** Config overrides for a test app; `rateLimits` may name only the limits to change. */
export type TestOverrides = Omit<Partial<AppConfig>, 'rateLimits'> & { rateLimits?: Partial<RateLimits> };

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  /** Closes the app and deletes its DATA_DIR. */
  close(): Promise<void>;
}

/**
 * A real app on a fresh SQLite file in a temporary DATA_DIR (or `overrides.dataDir`), with no SMTP (mail goes to
 * DATA_DIR/mail/*.eml), the production Argon2id cost (m=19456, t=2), no client build and no logging (unless
 * `options.logStream` asks for the log lines).
 */
export async function makeTestApp(overrides: TestOverrides = {}, options: BuildOptions = {}): Promise<TestApp> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'adhd-test-')));
  const { rateLimits, ...rest } = overrides;
  const store = overrides.databaseUrl === undefined ? await testStore() : null;
  const config = loadConfig(
    {},
    {
      dataDir,
      ...(store ? { databaseUrl: store.url } : {}),
      argon2: { memoryCost: 19_456, timeCost: 2 },
      logLevel: 'silent',
      clientDist: null,
      ...rest,
      rateLimits: { ...DEFAULT_RATE_LIMITS, ...rateLimits },
    },
  );
  const app = await buildApp(config, { ...(options.logStream ? {} : { logger: false }), ...options });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      await store?.drop();
    },
  };
}

/** Runs `fn` on an app of its own (for a test that needs other config) and closes the app after, also on failure. */
export async function withTestApp(overrides: TestOverrides, fn: (t: TestApp) => Promise<void>): Promise<void>;
export async function withTestApp(overrides: TestOverrides, options: BuildOptions, fn: (t: TestApp) => Promise<void>): Promise<void>;
export async function withTestApp(overrides: TestOverrides, ...rest: [(t: TestApp) => Promise<void>] | [BuildOptions, (t: TestApp) => Promise<void>]) {
  const [options, fn] = rest.length === 1 ? [{}, rest[0]] : rest;
  const t = await makeTestApp(overrides, options);
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

/** Closes a test app and starts a new one on the same DATA_DIR (a restart), with config overrides. */
export async function reopen(t: TestApp, overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  await t.app.close();
  const app = await buildApp({ ...t.config, ...overrides }, { logger: false });
  await app.ready();
  return app;
}

/** Another live session of a user, inserted directly; answers its id and its `authorization` header. */
export async function seedSession(app: FastifyInstance, userId: string) {
  const sessionId = newId();
  const now = nowIso();
  await app.db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      token_hash: newId(),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      user_agent: null,
    })
    .execute();
  const token = app.sessions.tokenFor(userId, sessionId);
  return { sessionId, token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * A user with a live session and its access token, inserted directly (no Argon2 cost), for tests of other
 * domains. Auth routes themselves are tested through HTTP (`registerUser` in helpers.ts).
 */
export async function seedUser(app: FastifyInstance, email = `u-${newId()}@example.com`) {
  const id = newId();
  const now = nowIso();
  await app.db
    .insertInto('users')
    .values({
      id,
      email,
      name: 'Test User',
      password_hash: 'x',
      email_verified: 1,
      marketing_consent: 0,
      accepted_terms_at: now,
      role: 'user',
      disabled: 0,
      timezone: 'UTC',
      week_start_day: 0,
      clock_mode: '12h',
      brainrot_enabled: 0,
      preferences: '{}',
      google_account: null,
      telegram_account: null,
      created_at: now,
      updated_at: now,
      last_active_at: null,
    })
    .execute();
  return { id, email, ...(await seedSession(app, id)) };
}

export type SeededUser = Awaited<ReturnType<typeof seedUser>>;

/** A seeded user with the admin role. */
export async function seedAdmin(app: FastifyInstance, email = `admin-${newId()}@example.com`) {
  const user = await seedUser(app, email);
  await app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', user.id).execute();
  return user;
}
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Whoever a request is sent as: anything with request headers (a seeded or registered user, a session). */
export type Caller = { headers: Record<string, string> } | null;

/** One request through `app.inject`; `body` is left out when undefined, `as` adds its headers before `headers`. */
export function inject(app: FastifyInstance, as: Caller, method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const options: InjectOptions = { method, url, headers: { ...as?.headers, ...headers } };
  if (body !== undefined) options.payload = body as InjectOptions['payload'];
  return app.inject(options);
}

/** `POST /api/sync/push` of `mutations` from device `clientId`, as `as`. */
export const pushAs = (app: FastifyInstance, as: Caller, clientId: string, mutations: Mutation[]) =>
  inject(app, as, 'POST', '/api/sync/push', { clientId, mutations });

/** `POST /api/sync/pull` as `as` (expects 200); answers the page and its size in bytes. */
export async function pullAs(app: FastifyInstance, as: Caller, clientId: string, body: { cursor?: number; limit?: number; epoch?: string } = {}) {
  const res = await inject(app, as, 'POST', '/api/sync/pull', { clientId, ...body });
  expect(res.statusCode).toBe(200);
  return { page: res.json() as PullResponse, bytes: res.rawPayload.length };
}

let devices = 0;
/** A unique sync client id (long enough for the protocol's minimum) starting with `label`. */
export const newClientId = (label = 'client') => `${label}-${++devices}-${process.pid}-xxxx`;

export interface ServerTestOptions {
  config?: TestOverrides;
  build?: BuildOptions;
  /** Seed `t.user` (default true). */
  user?: boolean;
  /** Listen on a loopback port and set `t.base` (for real HTTP: fetch, SSE). */
  listen?: boolean;
  /** A fresh app for every test (`beforeEach`/`afterEach`) instead of one for the scope. */
  each?: boolean;
}

export interface ServerTest extends TestApp {
  /** The user seeded for this app (unless `user: false`). */
  readonly user: SeededUser;
  /** `http://127.0.0.1:<port>` when started with `listen: true`. */
  readonly base: string;
  /** A request as `t.user`; `headers` are added to (and may replace) the user's. */
  call(method: Method, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** A request as someone else (`null`: no credentials). */
  callAs(as: Caller, method: Method, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** `POST url` as `as` (default `t.user`), expecting 201; answers the body. */
  create(url: string, body: unknown, as?: Caller): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  seedUser(email?: string): Promise<SeededUser>;
  /** A seeded user with the admin role. */
  seedAdmin(email?: string): Promise<SeededUser>;
  push(as: Caller, clientId: string, mutations: Mutation[]): Promise<LightMyRequestResponse>;
  pull(as: Caller, clientId: string, body?: { cursor?: number; limit?: number; epoch?: string }): ReturnType<typeof pullAs>;
  /** A scripted sync replica of `as` (default `t.user`) with a fresh client id. */
  device(as?: Caller, clientId?: string): ScriptedClient;
}

/**
 * Registers `beforeAll` (start the app, seed `t.user`, listen when asked) and `afterAll` (close it, delete its
 * DATA_DIR) in the calling scope, or `beforeEach`/`afterEach` with `each: true`, and answers the handle. Call it
 * at the top of a file or of a `describe`.
 */
export function useServerTest(options: ServerTestOptions = {}): ServerTest {
  let fx: TestApp | undefined;
  let user: SeededUser | undefined;
  let base: string | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useServerTest: ${what} is not set (read it inside a test or hook)`);
    return value;
  };
  const [before, after] = options.each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    fx = await makeTestApp(options.config, options.build);
    if (options.user !== false) user = await seedUser(fx.app);
    if (options.listen) base = await fx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => fx?.close());
  const t: ServerTest = {
    get app() {
      return ready(fx, 'the app').app;
    },
    get config() {
      return ready(fx, 'the app').config;
    },
    get dataDir() {
      return ready(fx, 'the app').dataDir;
    },
    close: () => ready(fx, 'the app').close(),
    get user() {
      return ready(user, 'the user');
    },
    get base() {
      return ready(base, 'base (listen: true)');
    },
    call: (method, url, body, headers) => inject(t.app, t.user, method, url, body, headers),
    callAs: (as, method, url, body, headers) => inject(t.app, as, method, url, body, headers),
    create: async (url, body, as = t.user) => {
      const res = await inject(t.app, as, 'POST', url, body);
      expect(res.statusCode).toBe(201);
      return res.json();
    },
    seedUser: (email) => seedUser(t.app, email),
    seedAdmin: (email) => seedAdmin(t.app, email),
    push: (as, clientId, mutations) => pushAs(t.app, as, clientId, mutations),
    pull: (as, clientId, body) => pullAs(t.app, as, clientId, body),
    device: (as = t.user, clientId = newClientId('device')) => new ScriptedClient(t.app, as?.headers ?? {}, clientId),
  };
  return t;
}

/** The fields a 400 answer's `error.details` name, sorted. */
export const fieldsOf = (res: { json(): { error: { details: { field: string }[] } } }) => res.json().error.details.map((d) => d.field).sort();

/** What no answer may carry: a stack frame, a file path, SQLite's name or SQL. */
export const LEAKS = /(\bat \S+ \(|node_modules|\/work\/|\/tmp\/|SQLITE|sqlite|SELECT |INSERT |syntax error|\.ts:\d+)/;
