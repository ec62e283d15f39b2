import { describe, expect, it } from 'vitest';
import { fieldsOf, useServerTest } from '../../../test/kit.js';
import { registerUser, sessionCookie } from '../../../test/helpers.js';
import { usersRepository } from '../user/repository.js';

/** CONTRACT.md "admin": the user list, role and disabled changes, and what disabling does to sessions and sign-in. */

const t = useServerTest({ user: false, listen: true });

describe('GET /api/admin/users', () => {
  it('401 for a visitor, 403 for a user, the page for an admin', async () => {
    const user = await t.seedUser();
    expect((await t.callAs(null, 'GET', '/api/admin/users')).statusCode).toBe(401);
    const asUser = await t.callAs(user, 'GET', '/api/admin/users');
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().error.code).toBe('FORBIDDEN');
    expect((await t.callAs(null, 'PATCH', `/api/admin/users/${user.id}`, { role: 'admin' })).statusCode).toBe(401);
    expect((await t.callAs(user, 'PATCH', `/api/admin/users/${user.id}`, { role: 'admin' })).statusCode).toBe(403);
    const admin = await t.seedAdmin();
    const res = await t.callAs(admin, 'GET', '/api/admin/users');
    expect(res.statusCode).toBe(200);
    const row = (res.json().data as { _id: string }[]).find((u) => u._id === user.id);
    expect(row).toEqual({
      _id: user.id,
      name: 'Test User',
      email: user.email,
      role: 'user',
      emailVerified: true,
      disabled: false,
      createdAt: expect.any(String),
      lastActiveAt: null,
      counts: { task: 0, note: 0, habit: 0, event: 0, inbox: 0, tag: 0, folder: 0 },
    });
  });

  it('searches name and email case-insensitively with literal wildcards, pages by 20, newest first', async () => {
    const admin = await t.seedAdmin();
    const tag = `pg${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const u = await t.seedUser(`${tag}-${String(i).padStart(2, '0')}@example.com`);
      // Distinct creation times, 23 oldest … 0 newest in reverse order of i.
      await t.app.db.updateTable('users').set({ created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() }).where('id', '=', u.id).execute();
      ids.push(u.id);
    }
    const first = (await t.callAs(admin, 'GET', `/api/admin/users?q=${tag.toUpperCase()}`)).json();
    expect(first.total).toBe(23);
    expect(first.data).toHaveLength(20);
    expect(first.data[0]._id).toBe(ids[22]);
    const second = (await t.callAs(admin, 'GET', `/api/admin/users?q=${tag}&page=2`)).json();
    expect(second.data.map((u: { _id: string }) => u._id)).toEqual([ids[2], ids[1], ids[0]]);

    await t.app.db.updateTable('users').set({ name: 'Zoë 100%_done' }).where('id', '=', ids[5]!).execute();
    const byName = (await t.callAs(admin, 'GET', `/api/admin/users?q=${encodeURIComponent('zoë 100%_')}`)).json();
    expect(byName.data.map((u: { _id: string }) => u._id)).toEqual([ids[5]]);
    // `%` and `_` are literal: "100%" matches nothing else, and "_" does not match any one character.
    expect((await t.callAs(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(`${tag}_0`)}`)).json().total).toBe(0);
    expect((await t.callAs(admin, 'GET', `/api/admin/users?q=${encodeURIComponent('%')}`)).json().data.map((u: { _id: string }) => u._id)).toEqual([ids[5]]);

    const bad = await t.callAs(admin, 'GET', '/api/admin/users?page=0');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['page']);
  });

  it('counts each listed user’s live items per type', async () => {
    const admin = await t.seedAdmin();
    const ann = await t.seedUser();
    await t.create('/api/tasks', { title: 'one' }, ann);
    const gone = await t.create('/api/tasks', { title: 'two' }, ann);
    await t.create('/api/tasks', { title: 'three' }, ann);
    await t.create('/api/inbox', { text: 'a thought' }, ann);
    await t.create('/api/notes', { title: 'n', content: 'c' }, ann);
    expect((await t.callAs(ann, 'DELETE', `/api/tasks/${gone._id}`)).statusCode).toBe(200);
    const res = (await t.callAs(admin, 'GET', `/api/admin/users?q=${encodeURIComponent(ann.email)}`)).json();
    expect(res.data[0].counts).toEqual({ task: 2, note: 1, habit: 0, event: 0, inbox: 1, tag: 0, folder: 0 });
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('makes a user admin and back, answering the user; 404 for an unknown id; 400 naming bad fields', async () => {
    const admin = await t.seedAdmin();
    const user = await t.seedUser();
    const up = await t.callAs(admin, 'PATCH', `/api/admin/users/${user.id}`, { role: 'admin' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ _id: user.id, role: 'admin', disabled: false, counts: expect.any(Object) });
    expect((await t.callAs(user, 'GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await t.callAs(admin, 'PATCH', `/api/admin/users/${user.id}`, { role: 'user' })).json().role).toBe('user');
    expect((await t.callAs(user, 'GET', '/api/admin/users')).statusCode).toBe(403);

    expect((await t.callAs(admin, 'PATCH', '/api/admin/users/no-such-user', { role: 'admin' })).statusCode).toBe(404);
    const bad = await t.callAs(admin, 'PATCH', `/api/admin/users/${user.id}`, { role: 'owner', disabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['disabled', 'role']);
    expect((await t.callAs(admin, 'PATCH', `/api/admin/users/${user.id}`, { email: 'x@example.com' })).statusCode).toBe(400);
  });

  it('refuses an admin removing their own role or disabling themselves (409 SELF_CHANGE)', async () => {
    const admin = await t.seedAdmin();
    const role = await t.callAs(admin, 'PATCH', `/api/admin/users/${admin.id}`, { role: 'user' });
    expect(role.statusCode).toBe(409);
    expect(role.json().error).toEqual({ code: 'SELF_CHANGE', message: 'You cannot remove your own admin role' });
    const off = await t.callAs(admin, 'PATCH', `/api/admin/users/${admin.id}`, { disabled: true });
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toEqual({ code: 'SELF_CHANGE', message: 'You cannot disable your own account' });
    expect((await t.callAs(admin, 'GET', '/api/admin/users')).statusCode).toBe(200);
  });

  it('disabling ends every session (token, cookie, open stream) and refuses sign-in; enabling lets them in again', async () => {
    const admin = await t.seedAdmin();
    const ann = await registerUser(t.app);
    const cookie = { cookie: ann.cookie };
    expect((await t.callAs(null, 'GET', '/api/tasks', undefined, cookie)).statusCode).toBe(200);
    const stream = await fetch(`${t.base}/api/sync/stream`, { headers: ann.headers });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();

    const res = await t.callAs(admin, 'PATCH', `/api/admin/users/${ann.user._id}`, { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().disabled).toBe(true);
    // The open stream ends (the client then sees a 401 and signs out).
    for (;;) if ((await reader.read()).done) break;
    expect((await t.callAs(ann, 'GET', '/api/tasks')).statusCode).toBe(401);
    expect((await t.callAs(null, 'GET', '/api/tasks', undefined, cookie)).statusCode).toBe(401);
    expect((await t.callAs(null, 'GET', '/api/auth/me', undefined, cookie)).json().authenticated).toBe(false);
    const left = await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', ann.user._id).execute();
    expect(left).toEqual([]);

    const login = await t.callAs(null, 'POST', '/api/auth/login', { email: ann.email, password: ann.password });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toEqual({ code: 'ACCOUNT_DISABLED', message: 'This account has been disabled. Please contact the administrator.' });
    expect(sessionCookie(login)).toBeNull();
    // A wrong password learns nothing about the account.
    expect((await t.callAs(null, 'POST', '/api/auth/login', { email: ann.email, password: 'wrong-password-1234' })).statusCode).toBe(401);

    expect((await t.callAs(admin, 'PATCH', `/api/admin/users/${ann.user._id}`, { disabled: false })).json().disabled).toBe(false);
    // The old session stays ended; a new sign-in works.
    expect((await t.callAs(ann, 'GET', '/api/tasks')).statusCode).toBe(401);
    const again = await t.callAs(null, 'POST', '/api/auth/login', { email: ann.email, password: ann.password });
    expect(again.statusCode).toBe(200);
    expect((await t.callAs(null, 'GET', '/api/tasks', undefined, { authorization: `Bearer ${again.json().token}` })).statusCode).toBe(200);
  });

  it('a disabled account is not revived by a password reset link or a new registration on its address', async () => {
    const admin = await t.seedAdmin();
    const bob = await registerUser(t.app);
    await t.callAs(admin, 'PATCH', `/api/admin/users/${bob.user._id}`, { disabled: true });
    const forgot = await t.callAs(null, 'POST', '/api/auth/forgot-password', { email: bob.email });
    expect(forgot.statusCode).toBe(200);
    const reset = await t.app.db.selectFrom('email_codes').select('id').where('email', '=', bob.email).where('purpose', '=', 'reset').execute();
    expect(reset).toEqual([]);
    await expect(registerUser(t.app, { email: bob.email })).rejects.toThrow(/verify-email failed: 409/);
    const row = await t.app.db.selectFrom('users').select(['id', 'disabled']).where('email', '=', bob.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ id: bob.user._id, disabled: 1 });
  });

  it('another admin can disable an ADMIN_EMAILS admin; the start-up promotion does not enable it again', async () => {
    const boss = await t.seedAdmin();
    const listed = await t.seedAdmin('listed-admin@example.com');
    expect((await t.callAs(boss, 'PATCH', `/api/admin/users/${listed.id}`, { disabled: true })).json().disabled).toBe(true);
    await usersRepository(t.app.db).promoteAdmins(['listed-admin@example.com']);
    expect((await t.callAs(listed, 'GET', '/api/admin/users')).statusCode).toBe(401);
    const row = await t.app.db.selectFrom('users').select(['role', 'disabled']).where('id', '=', listed.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'admin', disabled: 1 });
  });
});
