import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { registerUser, TEST_PASSWORD } from '../../../test/helpers.js';
import { useServerTest } from '../../../test/kit.js';

const t = useServerTest({ user: false });

const profile = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/profile', headers, payload });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const deleteAccount = (headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/delete-account', headers, ...(payload ? { payload } : {}) });
const rowsOf = async (userId: string) => {
  const db = t.app.db;
  const count = async (table: 'sessions' | 'entities' | 'sync_user' | 'sync_client') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    users: (await db.selectFrom('users').select('id').where('id', '=', userId).execute()).length,
    sessions: await count('sessions'),
    entities: await count('entities'),
    sync_user: await count('sync_user'),
    sync_client: await count('sync_client'),
  };
};

async function seedOwnedRows(userId: string) {
  const now = new Date().toISOString();
  await t.app.db
    .insertInto('entities')
    .values({ user_id: userId, type: 'task', id: `t-${userId}`, data: '{}', parent_id: null, version: 1, deleted: 0, field_versions: '{}', created_at: now, updated_at: now })
    .execute();
  await t.app.db.insertInto('sync_user').values({ user_id: userId, seq: 1, min_version: 0 }).execute();
  await t.app.db
    .insertInto('sync_client')
    .values({ client_id: `c-${userId}`, user_id: userId, last_mutation_id: 3, last_seen_at: now })
    .execute();
}

describe('PUT /api/auth/profile', () => {
  it('updates the given fields and answers the user', async () => {
    const u = await registerUser(t.app);
    const res = await profile(u.headers, {
      name: '  Renamed ',
      timezone: 'America/New_York',
      weekStartDay: 1,
      clockMode: '24h',
      brainrotEnabled: true,
      marketingConsent: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'Renamed',
      timezone: 'America/New_York',
      weekStartDay: 1,
      clockMode: '24h',
      brainrotEnabled: true,
      marketingConsent: true,
    });
    const partial = await profile(u.headers, { name: 'Only name' });
    expect(partial.json().user).toMatchObject({ name: 'Only name', clockMode: '24h', weekStartDay: 1 });
  });

  it.each(['role', 'emailVerified', 'email_verified', 'disabled'])('refuses a body with %s (403) and changes nothing', async (field) => {
    const u = await registerUser(t.app);
    const before = await t.app.db.selectFrom('users').selectAll().where('id', '=', u.user._id).executeTakeFirstOrThrow();
    const res = await profile(u.headers, { name: 'Sneaky', [field]: field === 'role' ? 'admin' : true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    const after = await t.app.db.selectFrom('users').selectAll().where('id', '=', u.user._id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('names bad fields with 400', async () => {
    const u = await registerUser(t.app);
    const res = await profile(u.headers, { weekStartDay: 9, clockMode: '13h', timezone: 'Mars/Olympus' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field).sort()).toEqual(['clockMode', 'timezone', 'weekStartDay']);
  });

  it('requires a session', async () => {
    expect((await profile({}, { name: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/delete-account', () => {
  it("deletes the user's rows (sessions, entities, sync state cascade) and uploads; the token dies", async () => {
    const u = await registerUser(t.app);
    const bystander = await registerUser(t.app);
    await seedOwnedRows(u.user._id);
    await seedOwnedRows(bystander.user._id);
    const uploads = path.join(t.dataDir, 'uploads', u.user._id);
    await mkdir(uploads, { recursive: true });
    await writeFile(path.join(uploads, 'shot.png'), 'x');
    expect(await rowsOf(u.user._id)).toEqual({ users: 1, sessions: 1, entities: 1, sync_user: 1, sync_client: 1 });

    const res = await deleteAccount(u.headers, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await rowsOf(u.user._id)).toEqual({ users: 0, sessions: 0, entities: 0, sync_user: 0, sync_client: 0 });
    expect(existsSync(uploads)).toBe(false);
    expect((await me(u.headers)).statusCode).toBe(401);
    expect((await me({ cookie: u.cookie })).statusCode).toBe(401);
    const relogin = await t.callAs(null, 'POST', '/api/auth/login', { email: u.email, password: TEST_PASSWORD });
    expect(relogin.statusCode).toBe(401);

    expect(await rowsOf(bystander.user._id)).toEqual({ users: 1, sessions: 1, entities: 1, sync_user: 1, sync_client: 1 });
  });

  it('requires the password: missing or wrong is 400 naming it and deletes nothing', async () => {
    const u = await registerUser(t.app);
    for (const payload of [undefined, {}, { password: 'not-my-password' }]) {
      const res = await deleteAccount(u.headers, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'password' })]);
    }
    expect((await me(u.headers)).statusCode).toBe(200);
    expect(await rowsOf(u.user._id)).toMatchObject({ users: 1, sessions: 1 });
  });

  it('lets the address register again afterwards', async () => {
    const u = await registerUser(t.app);
    await deleteAccount(u.headers, { password: TEST_PASSWORD });
    const again = await registerUser(t.app, { email: u.email });
    expect(again.user._id).not.toBe(u.user._id);
  });

  it('requires a session', async () => {
    expect((await t.callAs(null, 'POST', '/api/auth/delete-account')).statusCode).toBe(401);
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  it('answers 503 GOOGLE_UNAVAILABLE to sign-in and linking, and the public config says unavailable', async () => {
    const u = await registerUser(t.app);
    const unavailable = { error: { code: 'GOOGLE_UNAVAILABLE', message: 'Google sign-in is not configured on this server' } };
    const google = await t.callAs(null, 'POST', '/api/auth/google', { token: 'x', userData: {} });
    expect(google.statusCode).toBe(503);
    expect(google.json()).toEqual(unavailable);
    const connect = await t.callAs(u, 'POST', '/api/auth/connect-google', { token: 'x' });
    expect(connect.statusCode).toBe(503);
    expect(connect.json()).toEqual(unavailable);
    expect((await t.callAs(null, 'POST', '/api/auth/connect-google', {})).statusCode).toBe(401);
    const config = await t.callAs(null, 'GET', '/api/auth/google/config');
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual({ available: false, clientId: null });
    expect((await t.callAs(u, 'GET', '/api/auth/me')).json().user).toMatchObject({ googleLinked: false, hasPassword: true });
  });
});
