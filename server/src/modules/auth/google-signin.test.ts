import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, sessionCookie, TEST_PASSWORD } from '../../../test/helpers.js';
import { inject, makeTestApp, seedAdmin, seedUser, type TestApp } from '../../../test/kit.js';
import { startFakeGoogleIdentity, type FakeGoogleIdentity } from '../../../test/fakes/google-identity.js';

/** `POST /api/auth/google` against a local fake of Google's JWKS (docs/google-signin.md). */

let google: FakeGoogleIdentity;
let t: TestApp;
let subs = 0;
beforeAll(async () => {
  google = await startFakeGoogleIdentity();
  t = await makeTestApp({ googleClientId: google.clientId, googleUrls: { ...defaultUrls(), certs: google.certsUrl } });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

function defaultUrls() {
  return { oauth: 'http://127.0.0.1:9/o', token: 'http://127.0.0.1:9/t', revoke: 'http://127.0.0.1:9/r', api: 'http://127.0.0.1:9' };
}

/** A fresh Google account: its `sub` and an address no other test uses. */
const newGoogleAccount = () => {
  const n = ++subs;
  return { sub: `1${String(n).padStart(20, '0')}`, email: `g${n}-${process.pid}@example.com` };
};

const signIn = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload: body, headers });

const userRow = (email: string) => t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

describe('GET /api/auth/google/config', () => {
  it('answers the client id without a login', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/google/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ available: true, clientId: google.clientId });
  });
});

describe('first sign-in creates the account', () => {
  it('asks for the terms first, then creates a verified account linked to the Google account and signs in', async () => {
    const acct = newGoogleAccount();
    const token = await google.mintIdToken({ ...acct, name: 'Grace Hopper' });
    const first = await signIn({ token, userData: {}, marketingConsent: true });
    expect(first.statusCode).toBe(409);
    expect(first.json().error.code).toBe('GOOGLE_TERMS_REQUIRED');
    expect(await userRow(acct.email)).toBeUndefined();

    const res = await signIn(
      { token, userData: { acceptTerms: true }, marketingConsent: true, timezone: 'Europe/Berlin', weekStartDay: 1, locale: 'ru' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email: acct.email,
      name: 'Grace Hopper',
      emailVerified: true,
      marketingConsent: true,
      googleLinked: true,
      hasPassword: false,
      timezone: 'Europe/Berlin',
      weekStartDay: 1,
      locale: 'ru',
    });
    expect(sessionCookie(res)).not.toBeNull();
    const row = await userRow(acct.email);
    expect(row).toMatchObject({ google_account: acct.sub, password_hash: '', email_verified: 1 });
    expect(row?.accepted_terms_at).toEqual(expect.any(String));

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().user).toMatchObject({ _id: body.user._id, hasPassword: false });
  });

  it('finds the account on the next sign-in (by Google account id, even after the address changed at Google)', async () => {
    const acct = newGoogleAccount();
    const created = await signIn({ token: await google.mintIdToken(acct), userData: { acceptTerms: true, name: 'Chosen Name' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().user.name).toBe('Chosen Name');
    const again = await signIn({ token: await google.mintIdToken({ ...acct, email: `renamed-${acct.email}` }) });
    expect(again.statusCode).toBe(200);
    expect(again.json().user._id).toBe(created.json().user._id);
    expect(again.json().user.email).toBe(acct.email);
    expect(again.json().token).not.toBe(created.json().token);
  });

  it('a password login to a Google-only account fails like a wrong password', async () => {
    const acct = newGoogleAccount();
    await signIn({ token: await google.mintIdToken(acct), userData: { acceptTerms: true } });
    for (const password of ['', 'anything-at-all']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: acct.email, password } });
      expect(res.statusCode).toBe(password === '' ? 400 : 401);
    }
  });
});

describe('refused tokens: 401 "Google login failed", nothing created', () => {
  const refusals: [string, () => Promise<string>][] = [
    ['a wrong audience', () => google.mintIdToken({ ...newGoogleAccount(), aud: 'someone-else.apps.googleusercontent.com' })],
    ['a wrong issuer', () => google.mintIdToken({ ...newGoogleAccount(), iss: 'https://evil.example.com' })],
    ['an expired token', () => google.mintIdToken({ ...newGoogleAccount(), iat: 1_700_000_000, exp: 1_700_003_600 })],
    ['an unverified email', () => google.mintIdToken({ ...newGoogleAccount(), email_verified: false })],
    ['a signature by a key not in the JWKS', () => google.mintIdToken(newGoogleAccount(), { foreignKey: true })],
    ['an HMAC signature (algorithm confusion)', () => google.mintIdToken(newGoogleAccount(), { alg: 'HS256' })],
    ['a token without an email', () => google.mintIdToken({ ...newGoogleAccount(), email: undefined })],
    ['garbage', async () => 'not.a.jwt'],
  ];
  it.each(refusals)('%s', async (_what, mint) => {
    const before = await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await signIn({ token: await mint(), userData: { acceptTerms: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'GOOGLE_LOGIN_FAILED', message: 'Google login failed' } });
    expect(sessionCookie(res)).toBeNull();
    const after = await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a body without a token is a 400 naming it', async () => {
    const res = await signIn({ userData: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'token' })]);
  });
});

describe('key rotation', () => {
  it('a token signed by the new key verifies once the key set is refetched (after the 30 s cooldown)', async () => {
    const acct = newGoogleAccount();
    expect((await signIn({ token: await google.mintIdToken(acct), userData: { acceptTerms: true } })).statusCode).toBe(201);
    await google.rotateKey();
    const fetched = google.fetches();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      const res = await signIn({ token: await google.mintIdToken(acct) });
      expect(res.statusCode).toBe(200);
      expect(google.fetches()).toBe(fetched + 1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('an existing account with the same email', () => {
  it('asks for its password, refuses a wrong one, links with the right one; later sign-ins need no password', async () => {
    const u = await registerUser(t.app);
    const acct = { sub: newGoogleAccount().sub, email: u.email };
    const token = await google.mintIdToken(acct);

    const ask = await signIn({ token, userData: { acceptTerms: true } });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().error.code).toBe('GOOGLE_PASSWORD_REQUIRED');
    expect(ask.json().error.details).toBeUndefined();
    expect(sessionCookie(ask)).toBeNull();

    const wrong = await signIn({ token, userData: { password: 'not-the-password' } });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error.details).toEqual([expect.objectContaining({ field: 'password' })]);
    expect((await userRow(u.email))?.google_account).toBeNull();
    // Counted like a failed login.
    const failures = await t.app.db.selectFrom('auth_events').selectAll().where('kind', '=', 'login_failed').where('email', '=', u.email).execute();
    expect(failures).toHaveLength(1);

    const right = await signIn({ token, userData: { password: TEST_PASSWORD } });
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ _id: u.user._id, googleLinked: true, hasPassword: true });
    expect((await userRow(u.email))?.google_account).toBe(acct.sub);

    const later = await signIn({ token: await google.mintIdToken(acct) });
    expect(later.statusCode).toBe(200);
    expect(later.json().user._id).toBe(u.user._id);
  });

  it('is never linked to a second Google account with the same address', async () => {
    const u = await registerUser(t.app);
    const first = { sub: newGoogleAccount().sub, email: u.email };
    expect((await signIn({ token: await google.mintIdToken(first), userData: { password: TEST_PASSWORD } })).statusCode).toBe(200);
    const other = await signIn({ token: await google.mintIdToken({ sub: newGoogleAccount().sub, email: u.email }), userData: { password: TEST_PASSWORD } });
    expect(other.statusCode).toBe(401);
    expect(other.json().error.code).toBe('GOOGLE_LOGIN_FAILED');
    expect((await userRow(u.email))?.google_account).toBe(first.sub);
  });

  it('a disabled account is refused (only after its password, like login)', async () => {
    const u = await registerUser(t.app);
    await t.app.db.updateTable('users').set({ disabled: 1 }).where('id', '=', u.user._id).execute();
    const token = await google.mintIdToken({ sub: newGoogleAccount().sub, email: u.email });
    expect((await signIn({ token, userData: { password: 'wrong-password-here' } })).json().error.code).toBe('GOOGLE_PASSWORD_REQUIRED');
    const res = await signIn({ token, userData: { password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_DISABLED');
    expect((await userRow(u.email))?.google_account).toBeNull();
  });

  it('a disabled linked account is refused', async () => {
    const acct = newGoogleAccount();
    const created = await signIn({ token: await google.mintIdToken(acct), userData: { acceptTerms: true } });
    await t.app.db.updateTable('users').set({ disabled: 1 }).where('id', '=', created.json().user._id).execute();
    const res = await signIn({ token: await google.mintIdToken(acct) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_DISABLED');
  });

  it('an unverified account on the address is replaced (Google proved the mailbox), as a registration does', async () => {
    const acct = newGoogleAccount();
    const { id: squatter } = await seedUser(t.app, acct.email);
    await t.app.db.updateTable('users').set({ email_verified: 0 }).where('id', '=', squatter).execute();
    const res = await signIn({ token: await google.mintIdToken(acct), userData: { acceptTerms: true } });
    expect(res.statusCode).toBe(201);
    expect(res.json().user._id).not.toBe(squatter);
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', squatter).executeTakeFirst()).toBeUndefined();
  });
});

describe('registration switched off by the admin', () => {
  it('refuses a new account (403 FEATURE_DISABLED) but still signs in linked accounts', async () => {
    const linked = newGoogleAccount();
    await signIn({ token: await google.mintIdToken(linked), userData: { acceptTerms: true } });
    const admin = await seedAdmin(t.app);
    const toggle = (registration: boolean) => inject(t.app, admin, 'PUT', '/api/admin/feature-toggles', { registration });
    expect((await toggle(false)).statusCode).toBe(200);
    try {
      const acct = newGoogleAccount();
      const res = await signIn({ token: await google.mintIdToken(acct), userData: { acceptTerms: true } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FEATURE_DISABLED');
      expect(await userRow(acct.email)).toBeUndefined();
      expect((await signIn({ token: await google.mintIdToken(linked) })).statusCode).toBe(200);
    } finally {
      await toggle(true);
    }
  });
});
