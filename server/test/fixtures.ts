import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig, type AppConfig } from '../src/config.js';
import { newId, nowIso } from '../src/lib/ids.js';

export interface Fixture {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/** A real app on a fresh SQLite file in a temporary DATA_DIR (or `overrides.dataDir`). */
export async function makeApp(overrides: Partial<AppConfig> = {}, options: BuildOptions = {}): Promise<Fixture> {
  const dataDir = overrides.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'adhd-test-')));
  const config = loadConfig({}, { dataDir, logLevel: 'silent', argon2: { memoryCost: 19_456, timeCost: 2 }, ...overrides });
  const app = await buildApp(config, { logger: false, ...options });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A user with a live session and its access token, inserted directly (no Argon2 cost), for tests of other
 * domains. Auth routes themselves are tested through HTTP in modules/auth.
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
  const sessionId = newId();
  await app.db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: id,
      token_hash: newId(),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      user_agent: null,
    })
    .execute();
  const token = app.sessions.tokenFor(id, sessionId);
  return { id, email, sessionId, token, headers: { authorization: `Bearer ${token}` } };
}

export type SeededUser = Awaited<ReturnType<typeof seedUser>>;
