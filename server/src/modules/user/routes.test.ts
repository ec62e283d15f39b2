import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@adhd/shared/users/schema';
import { registerUser, type RegisteredUser } from '../../../test/helpers.js';
import { useServerTest } from '../../../test/kit.js';

const t = useServerTest({ user: false });
let u: RegisteredUser;
beforeAll(async () => {
  u = await registerUser(t.app, { timezone: 'Europe/Moscow', weekStartDay: 1 });
});

const getPrefs = (headers = u.headers) => t.app.inject({ method: 'GET', url: '/api/user/preferences', headers });
const patchPrefs = (payload: object, headers = u.headers) =>
  t.app.inject({ method: 'PATCH', url: '/api/user/preferences', headers, payload });
const userRow = () => t.app.db.selectFrom('users').selectAll().where('id', '=', u.user._id).executeTakeFirstOrThrow();

describe('POST /api/user/activity', () => {
  it('updates last_active_at', async () => {
    await t.app.db.updateTable('users').set({ last_active_at: null }).where('id', '=', u.user._id).execute();
    const res = await t.callAs(u, 'POST', '/api/user/activity', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const { last_active_at } = await userRow();
    expect(Math.abs(Date.parse(last_active_at ?? '') - Date.now())).toBeLessThan(60_000);
  });

  it('requires a session', async () => {
    expect((await t.callAs(null, 'POST', '/api/user/activity')).statusCode).toBe(401);
  });
});

describe('GET /api/user/preferences', () => {
  it('answers the defaults merged with the user columns', async () => {
    const res = await getPrefs();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      preferences: { ...DEFAULT_PREFERENCES, timezone: 'Europe/Moscow', weekStartDay: 1 },
    });
  });

  it('requires a session', async () => {
    expect((await getPrefs({ authorization: 'Bearer x' })).statusCode).toBe(401);
  });
});

describe('PATCH /api/user/preferences', () => {
  it('merges any preference fields and keeps the user columns in step', async () => {
    const res = await patchPrefs({ theme: 'dark', fontSize: 'large', locale: 'ru', clockMode: '24h', notifications: { push: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toMatchObject({
      theme: 'dark',
      fontSize: 'large',
      locale: 'ru',
      clockMode: '24h',
      timezone: 'Europe/Moscow',
      notifications: { email: true, push: true, sound: true },
    });
    const row = await userRow();
    expect(row.clock_mode).toBe('24h');
    const me = await t.callAs(u, 'GET', '/api/auth/me');
    expect(me.json().user).toMatchObject({ clockMode: '24h', locale: 'ru' });

    // A later partial update keeps what was set before; column fields are written to the columns.
    const next = await patchPrefs({ brainrotEnabled: true, weekStartDay: 0, timezone: 'Asia/Tokyo', notifications: { sound: false } });
    expect(next.json().preferences).toMatchObject({
      theme: 'dark',
      brainrotEnabled: true,
      weekStartDay: 0,
      timezone: 'Asia/Tokyo',
      notifications: { email: true, push: true, sound: false },
    });
    const after = await userRow();
    expect([after.brainrot_enabled, after.week_start_day, after.timezone]).toEqual([1, 0, 'Asia/Tokyo']);
    expect(JSON.parse(after.preferences)).not.toHaveProperty('timezone');
  });

  it('moves the user\'s updatedAt, so other devices learn of the change from their session check', async () => {
    await t.app.db.updateTable('users').set({ updated_at: '2020-01-01T00:00:00.000Z' }).where('id', '=', u.user._id).execute();
    const stale = (await t.callAs(u, 'GET', '/api/auth/me')).json().user.updatedAt as string;
    expect(stale).toBe('2020-01-01T00:00:00.000Z');
    expect((await patchPrefs({ notifications: { email: false } })).statusCode).toBe(200);
    const after = (await t.callAs(u, 'GET', '/api/auth/me')).json().user.updatedAt as string;
    expect(Date.parse(after)).toBeGreaterThan(Date.parse(stale));
    expect((await getPrefs()).json().preferences.notifications.email).toBe(false);
  });

  it('reflects profile changes (the same columns)', async () => {
    await t.callAs(u, 'PUT', '/api/auth/profile', { clockMode: '12h' });
    expect((await getPrefs()).json().preferences.clockMode).toBe('12h');
  });

  it('accepts only en and ru as locale (400 naming locale)', async () => {
    const res = await patchPrefs({ locale: 'de' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'locale', key: 'validation.invalidLocale' })]);
  });

  it('names every bad field with 400 and changes nothing', async () => {
    const before = await userRow();
    const res = await patchPrefs({ theme: 'neon', weekStartDay: 7, notifications: { email: 'yes' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'notifications.email',
      'theme',
      'weekStartDay',
    ]);
    expect(await userRow()).toEqual(before);
  });

  it('requires a session', async () => {
    expect((await patchPrefs({ theme: 'dark' }, { authorization: '' })).statusCode).toBe(401);
  });
});
