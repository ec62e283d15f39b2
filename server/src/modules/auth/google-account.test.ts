import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, TEST_PASSWORD, type RegisteredUser } from '../../../test/helpers.js';
import { inject, makeTestApp, withTestApp, type TestApp } from '../../../test/kit.js';
import { startFakeGoogleIdentity, type FakeGoogleIdentity } from '../../../test/fakes/google-identity.js';
import { GOOGLE_DEFAULT_URLS } from '../../config.js';

/** Linking in settings, unlinking, the first password of a Google-only account, its deletion, and the CSP. */

let google: FakeGoogleIdentity;
let t: TestApp;
let n = 0;
beforeAll(async () => {
  google = await startFakeGoogleIdentity();
  t = await makeTestApp({ googleClientId: google.clientId, googleUrls: { ...GOOGLE_DEFAULT_URLS, certs: google.certsUrl } });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

const newSub = () => `2${String(++n).padStart(20, '0')}`;
const call = (as: { headers: Record<string, string> } | null, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  inject(t.app, as, method, url, body);
const me = async (as: { headers: Record<string, string> }) => (await call(as, 'GET', '/api/auth/me')).json().user;

/** A Google-only account (created through Google sign-in): its sub, email and bearer headers. */
async function googleOnlyUser() {
  const sub = newSub();
  const email = `only-${n}@example.com`;
  const res = await call(null, 'POST', '/api/auth/google', { token: await google.mintIdToken({ sub, email }), userData: { acceptTerms: true } });
  expect(res.statusCode).toBe(201);
  const { user, token } = res.json();
  return { sub, email, id: user._id as string, headers: { authorization: `Bearer ${token}` } };
}

describe('POST /api/auth/connect-google', () => {
  let u: RegisteredUser;
  beforeAll(async () => {
    u = await registerUser(t.app);
  });

  it('links the Google account once the password confirms it; that Google account then signs in', async () => {
    const sub = newSub();
    const token = await google.mintIdToken({ sub, email: 'another-address@example.com' });
    const ask = await call(u, 'POST', '/api/auth/connect-google', { token });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().error.code).toBe('GOOGLE_PASSWORD_REQUIRED');
    const wrong = await call(u, 'POST', '/api/auth/connect-google', { token, userData: { password: 'not-it-at-all' } });
    expect(wrong.json().error.details).toEqual([expect.objectContaining({ field: 'password' })]);
    expect((await me(u)).googleLinked).toBe(false);

    const res = await call(u, 'POST', '/api/auth/connect-google', { token, userData: { password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: u.user._id, googleLinked: true });
    const signIn = await call(null, 'POST', '/api/auth/google', { token: await google.mintIdToken({ sub, email: 'another-address@example.com' }) });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user._id).toBe(u.user._id);
  });

  it('refuses a Google account linked to another user (409) and changes nothing for either', async () => {
    const other = await googleOnlyUser();
    const v = await registerUser(t.app);
    const res = await call(v, 'POST', '/api/auth/connect-google', { token: await google.mintIdToken({ sub: other.sub }), userData: { password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('GOOGLE_ACCOUNT_IN_USE');
    expect((await me(v)).googleLinked).toBe(false);
    expect((await me(other)).googleLinked).toBe(true);
  });

  it('answers "Failed to connect Google account" for a bad token', async () => {
    for (const token of [await google.mintIdToken({ sub: newSub(), aud: 'other-client' }), await google.mintIdToken({ sub: newSub() }, { foreignKey: true })]) {
      const res = await call(u, 'POST', '/api/auth/connect-google', { token, userData: { password: TEST_PASSWORD } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'GOOGLE_CONNECT_FAILED', message: 'Failed to connect Google account' } });
    }
  });

  it('needs a login', async () => {
    expect((await call(null, 'POST', '/api/auth/connect-google', { token: await google.mintIdToken({ sub: newSub() }) })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/disconnect-google', () => {
  it('unlinks an account with a password: the Google account no longer signs in to it', async () => {
    const u = await registerUser(t.app);
    const sub = newSub();
    await call(u, 'POST', '/api/auth/connect-google', { token: await google.mintIdToken({ sub }), userData: { password: TEST_PASSWORD } });
    const res = await call(u, 'POST', '/api/auth/disconnect-google');
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ googleLinked: false });
    // The Google account's address is new: it would create a new account, never enter the old one.
    const signIn = await call(null, 'POST', '/api/auth/google', { token: await google.mintIdToken({ sub, email: `fresh-${n}@example.com` }) });
    expect(signIn.json().error.code).toBe('GOOGLE_TERMS_REQUIRED');
  });

  it('refuses (409 PASSWORD_REQUIRED) while Google is the only way in', async () => {
    const g = await googleOnlyUser();
    const res = await call(g, 'POST', '/api/auth/disconnect-google');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PASSWORD_REQUIRED');
    expect((await me(g)).googleLinked).toBe(true);
  });
});

describe('a Google-only account', () => {
  it('sets its first password without currentPassword, then signs in with it and may unlink Google', async () => {
    const g = await googleOnlyUser();
    const password = 'amber-heron-sings-77-songs';
    const set = await call(g, 'PUT', '/api/auth/password', { newPassword: password });
    expect(set.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${set.json().token}` };
    expect(await me({ headers })).toMatchObject({ hasPassword: true, googleLinked: true });
    const login = await call(null, 'POST', '/api/auth/login', { email: g.email, password });
    expect(login.statusCode).toBe(200);
    // From now on a change needs the current password.
    const again = await call({ headers }, 'PUT', '/api/auth/password', { newPassword: 'another-long-phrase-88' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.details).toEqual([expect.objectContaining({ field: 'currentPassword' })]);
    expect((await call({ headers }, 'POST', '/api/auth/disconnect-google')).statusCode).toBe(200);
  });

  it('is deleted with a fresh token of its own Google account, not with a password or another Google account', async () => {
    const g = await googleOnlyUser();
    const other = await google.mintIdToken({ sub: newSub() });
    for (const body of [{}, { password: 'whatever-it-is' }, { googleToken: other }]) {
      const res = await call(g, 'POST', '/api/auth/delete-account', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'googleToken' })]);
    }
    expect(await me(g)).toMatchObject({ _id: g.id });
    const res = await call(g, 'POST', '/api/auth/delete-account', { googleToken: await google.mintIdToken({ sub: g.sub }) });
    expect(res.statusCode).toBe(200);
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', g.id).executeTakeFirst()).toBeUndefined();
  });

  it('stays out of other accounts: each sees only its own user', async () => {
    const a = await googleOnlyUser();
    const b = await googleOnlyUser();
    expect((await me(a))._id).toBe(a.id);
    expect((await me(b))._id).toBe(b.id);
    expect(a.id).not.toBe(b.id);
  });
});

describe('Content-Security-Policy', () => {
  const csp = async (app: TestApp['app']) => String((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);

  it('allows Google Identity Services only when GOOGLE_CLIENT_ID is set, and nothing else of Google', async () => {
    const on = await csp(t.app);
    expect(on).toMatch(/script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client(;|$)/);
    expect(on).toMatch(/frame-src 'self' https:\/\/accounts\.google\.com\/gsi\/(;|$)/);
    expect(on).toMatch(/connect-src 'self' https:\/\/accounts\.google\.com\/gsi\/(;|$)/);
    expect(on).toMatch(/style-src 'self' https:\/\/accounts\.google\.com\/gsi\/style(;|$)/);
    expect(on).toContain("frame-ancestors 'none'");
    await withTestApp({ googleClientId: null }, async (off) => {
      const header = await csp(off.app);
      expect(header).not.toContain('google');
      expect(header).toMatch(/script-src 'self'(;|$)/);
    });
  });
});
