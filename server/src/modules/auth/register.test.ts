import { describe, expect, it, vi } from 'vitest';
import { readLastCode, readMails, registerUser, sessionCookie, TEST_PASSWORD, verificationTokenFor } from '../../../test/helpers.js';
import { makeTestApp, reopen, useServerTest, withTestApp } from '../../../test/kit.js';
import { registrationApi } from '../../../test/registration.js';

/** POST /api/auth/register: the account it creates, the proof it needs, roles and password rules. */

// Limits per IP are tested with their own apps below; this one sends many codes from one address.
const t = useServerTest({ config: { rateLimits: { codeSendsPerIp10m: 1000, codeChecksPerIp10m: 1000 } }, user: false });
const { freshEmail, post, registration, sendCode, fields, proven, userRow, freezeTime } = registrationApi(t);

describe('POST /api/auth/register', () => {
  it('answers 201 with the public user, a working token and the session cookie', async () => {
    const email = freshEmail();
    const res = await post('/api/auth/register', await proven(email, { marketingConsent: true, locale: 'ru' }));
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json();
    expect(user).toMatchObject({
      email,
      name: 'Ann',
      emailVerified: true,
      marketingConsent: true,
      timezone: 'Europe/Berlin',
      weekStartDay: 1,
      clockMode: '12h',
      brainrotEnabled: false,
      locale: 'ru',
      googleLinked: false,
      hasPassword: true,
      telegramLinked: false,
    });
    expect(Object.keys(user).sort()).toEqual(
      [
        '_id', 'email', 'name', 'emailVerified', 'marketingConsent', 'role', 'timezone', 'weekStartDay', 'clockMode',
        'brainrotEnabled', 'locale', 'googleLinked', 'hasPassword', 'telegramLinked', 'createdAt', 'updatedAt',
      ].sort(),
    );
    // Whether a password is set (`hasPassword`) is all the answer says of it: never the hash, never the password.
    expect(res.body).not.toMatch(/argon2|password_hash|"password"/i);
    expect(res.body).not.toContain(TEST_PASSWORD);
    expect(sessionCookie(res)).toMatch(/^__Host-sid=/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(user._id);
  });

  it('replaces an unverified account on the address (a squatter\'s): the prover registers, the squatter\'s account goes', async () => {
    const email = freshEmail();
    const squatter = await registerUser(t.app, { email, password: 'squatters-own-password-9' });
    await t.app.db.updateTable('users').set({ email_verified: 0 }).where('email', '=', email).execute();
    const res = await post('/api/auth/register', await proven(email, { locale: 'ru' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user._id).not.toBe(squatter.user._id);
    expect(res.json().user.emailVerified).toBe(true);
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', squatter.user._id).executeTakeFirst()).toBeUndefined();
    expect((await t.callAs(squatter, 'GET', '/api/auth/me')).statusCode).toBe(401);
    const login = await post('/api/auth/login', { email, password: 'squatters-own-password-9' });
    expect(login.statusCode).toBe(401);
  });

  it('takes the time zone from x-timezone when the body has none', async () => {
    const email = freshEmail();
    const { timezone: _omit, ...body } = await proven(email);
    const res = await post('/api/auth/register', body, { 'x-timezone': 'Asia/Tokyo' });
    expect(res.json().user.timezone).toBe('Asia/Tokyo');
  });

  it('without a valid verificationToken answers 400 naming it and creates nothing', async () => {
    const email = freshEmail();
    const other = freshEmail();
    const othersToken = await verificationTokenFor(t.app, other);
    for (const extra of [{}, { verificationToken: 'forged-token' }, { verificationToken: othersToken }, { code: '123456' }]) {
      const res = await post('/api/auth/register', registration(email, extra));
      expect(res.statusCode).toBe(400);
      expect(fields(res)).toEqual(['verificationToken']);
    }
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });

  it('an attacker cannot use the victim\'s verification: the proof goes only to the caller of verify-email, once', async () => {
    const victim = freshEmail();
    await sendCode(victim);
    const verify = await post('/api/auth/verify-email', { email: victim, code: await readLastCode(t.dataDir, victim) });
    const { verificationToken } = verify.json();
    // The attacker registers the victim's address right after the victim verified it, without the proof.
    const attacker = await post('/api/auth/register', registration(victim, { password: 'attackers-password-77' }));
    expect(attacker.statusCode).toBe(400);
    const owner = await post('/api/auth/register', registration(victim, { verificationToken }));
    expect(owner.statusCode).toBe(201);
    // Single use: the same proof cannot register (or replace) again.
    const again = await post('/api/auth/register', registration(victim, { verificationToken }));
    expect(again.statusCode).toBe(400);
  });

  it('requires hasAcceptedTerms: true (400 naming it with key validation.terms)', async () => {
    const res = await post('/api/auth/register', registration(freshEmail(), { hasAcceptedTerms: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual(
      expect.objectContaining({ field: 'hasAcceptedTerms', key: 'validation.terms' }),
    );
  });

  it('names every bad field in a 400', async () => {
    const res = await post('/api/auth/register', { email: 'nope', password: 'short', name: '  ', hasAcceptedTerms: true, weekStartDay: 9 });
    expect(res.statusCode).toBe(400);
    expect(fields(res).sort()).toEqual(['email', 'name', 'password', 'verificationToken', 'weekStartDay']);
  });

  it('says "Account Already Exists" (409 EMAIL_EXISTS) only to a caller who proved the address; others get the 400', async () => {
    const u = await registerUser(t.app);
    freezeTime();
    for (const email of [u.email, u.email.toUpperCase()]) {
      const blind = await post('/api/auth/register', registration(email));
      expect(blind.statusCode).toBe(400);
      expect(blind.body).not.toMatch(/exist/i);
      vi.setSystemTime(Date.now() + 61_000);
      const before = (await readMails(t.dataDir, u.email))[0]?.file;
      await sendCode(email);
      const res = await post('/api/auth/verify-email', { email, code: await readLastCode(t.dataDir, u.email, { after: before }) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'EMAIL_EXISTS', message: 'User with this email already exists' } });
    }
  });

  it('a proof taken before someone else registered the address answers 409 and creates nothing', async () => {
    const email = freshEmail();
    const early = await proven(email);
    await registerUser(t.app, { email });
    const res = await post('/api/auth/register', early);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_EXISTS');
  });

  it('outside production makes the first account and ADMIN_EMAILS admins, everyone else a user', async () => {
    await withTestApp({ adminEmails: ['boss@example.com'] }, async (own) => {
      const first = await registerUser(own.app);
      const second = await registerUser(own.app);
      const boss = await registerUser(own.app, { email: 'Boss@Example.com' });
      expect([first.user.role, second.user.role, boss.user.role]).toEqual(['admin', 'user', 'admin']);
    });
  });

  it('in production only ADMIN_EMAILS are admins (not the first account), applied at start-up to existing accounts', async () => {
    const production = { production: true, publicUrl: 'https://todo.example.org' };
    const own = await makeTestApp(production);
    try {
      const first = await registerUser(own.app);
      const later = await registerUser(own.app, { email: 'later-boss@example.com' });
      expect([first.user.role, later.user.role]).toEqual(['user', 'user']);
      // A restart with ADMIN_EMAILS naming an existing account promotes it.
      const restarted = await reopen(own, { adminEmails: ['later-boss@example.com'] });
      try {
        const roles = await restarted.db.selectFrom('users').select(['email', 'role']).orderBy('email').execute();
        expect(Object.fromEntries(roles.map((r) => [r.email, r.role]))).toEqual({
          [first.email]: 'user',
          'later-boss@example.com': 'admin',
        });
      } finally {
        await restarted.close();
      }
    } finally {
      await own.close().catch(() => undefined);
    }
  });

  it('stores an Argon2id hash with m=19456, t=2', async () => {
    const u = await registerUser(t.app);
    const { password_hash } = await userRow(u.email);
    expect(password_hash.startsWith('$argon2id$')).toBe(true);
    expect(password_hash).toContain('m=19456,t=2,p=1');
    expect(password_hash).not.toContain(u.password);
  });

  it('accepts an 8-character and a 64+-character password and refuses 129 characters', async () => {
    expect((await post('/api/auth/register', await proven(freshEmail(), { password: 'qh7#Tz!p' }))).statusCode).toBe(201);
    const long = 'a quiet river runs past the old mill where we used to fish each summer'.slice(0, 72);
    expect(long.length).toBeGreaterThanOrEqual(64);
    expect((await post('/api/auth/register', await proven(freshEmail(), { password: long }))).statusCode).toBe(201);
    const res = await post('/api/auth/register', await proven(freshEmail(), { password: 'x'.repeat(129) }));
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['password']);
  });

  it('refuses a password from the common list with key validation.passwordCommon', async () => {
    for (const password of ['password123', 'Qwertyuiop', 'iloveyou1']) {
      const res = await post('/api/auth/register', await proven(freshEmail(), { password }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        expect.objectContaining({ field: 'password', key: 'validation.passwordCommon' }),
      ]);
    }
  });

  it('keeps mails readable: the outbox holds one .eml per mail', async () => {
    const email = freshEmail();
    await sendCode(email);
    await t.app.mailer.flush();
    const mails = await readMails(t.dataDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0].file).toMatch(/\.eml$/);
  });
});
