import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_TOGGLES } from '@adhd/shared/site/feature-toggles';
import { fieldsOf, useServerTest } from '../../../test/kit.js';
import { registrationApi } from '../../../test/registration.js';

/** CONTRACT.md "public config" and "admin": the feature toggles, who may read and change them, and enforcement. */

const t = useServerTest({ each: true });
const reg = registrationApi(t);

describe('feature toggles', () => {
  it('GET /api/feature-toggles answers every flag, all on by default, without sign-in', async () => {
    const res = await t.callAs(null, 'GET', '/api/feature-toggles');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_FEATURE_TOGGLES);
  });

  it('admin routes: 401 for a visitor, 403 for a user, the whole object for an admin', async () => {
    expect((await t.callAs(null, 'GET', '/api/admin/feature-toggles')).statusCode).toBe(401);
    expect((await t.callAs(null, 'PUT', '/api/admin/feature-toggles', { news: false })).statusCode).toBe(401);
    const user = await t.callAs(t.user, 'PUT', '/api/admin/feature-toggles', { news: false });
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe('FORBIDDEN');
    const admin = await t.seedAdmin();
    expect((await t.callAs(admin, 'GET', '/api/admin/feature-toggles')).json()).toEqual(DEFAULT_FEATURE_TOGGLES);
    const put = await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { news: false, brainrot: false });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ...DEFAULT_FEATURE_TOGGLES, news: false, brainrot: false });
    // A partial change keeps the others.
    const again = await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { news: true });
    expect(again.json()).toEqual({ ...DEFAULT_FEATURE_TOGGLES, brainrot: false });
    expect((await t.callAs(null, 'GET', '/api/feature-toggles')).json()).toEqual({ ...DEFAULT_FEATURE_TOGGLES, brainrot: false });
  });

  it('refuses a non-boolean flag and an unknown key with 400 naming the field, changing nothing', async () => {
    const admin = await t.seedAdmin();
    const bad = await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { news: 'no', registration: false });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toContain('news');
    const unknown = await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { everything: false });
    expect(unknown.statusCode).toBe(400);
    expect((await t.callAs(null, 'GET', '/api/feature-toggles')).json()).toEqual(DEFAULT_FEATURE_TOGGLES);
  });

  it('registration off: a new account code and registration answer 403 with a clear message; on again, it works', async () => {
    const admin = await t.seedAdmin();
    await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { registration: false });
    const email = reg.freshEmail();
    const code = await reg.sendCode(email);
    expect(code.statusCode).toBe(403);
    expect(code.json().error).toEqual({ code: 'FEATURE_DISABLED', message: 'Registration is turned off on this server' });
    const body = reg.registration(email, { verificationToken: 'x'.repeat(40) });
    const register = await reg.post('/api/auth/register', body);
    expect(register.statusCode).toBe(403);
    expect(register.json().error.message).toBe('Registration is turned off on this server');
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    // Signing in is not affected.
    expect((await t.call('GET', '/api/auth/me')).json().authenticated).toBe(true);
    await t.callAs(admin, 'PUT', '/api/admin/feature-toggles', { registration: true });
    expect((await reg.sendCode(email)).statusCode).toBe(200);
  });
});
