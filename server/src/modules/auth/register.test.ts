import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  readLastCode,
  readLastMail,
  readMails,
  registerUser,
  sessionCookie,
  TEST_PASSWORD,
  verificationTokenFor,
} from '../../../test/helpers.js';
import { makeTestApp, reopen, useServerTest } from '../../../test/kit.js';

// Limits per IP are tested with their own apps below; this one sends many codes from one address.
const t = useServerTest({ config: { rateLimits: { codeSendsPerIp10m: 1000, codeChecksPerIp10m: 1000 } }, user: false });
afterEach(() => {
  vi.useRealTimers();
});

let n = 0;
const freshEmail = () => `reg-${++n}-${Date.now()}@example.com`;
const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });
const registration = (email: string, extra: object = {}) => ({
  email,
  password: TEST_PASSWORD,
  name: 'Ann',
  timezone: 'Europe/Berlin',
  weekStartDay: 1,
  marketingConsent: false,
  hasAcceptedTerms: true,
  ...extra,
});
const sendCode = (email: string) =>
  post('/api/auth/resend-verification', { email, newUser: true, userName: 'Ann', marketingConsent: false, hasAcceptedTerms: true });
const fields = (res: { json(): unknown }) =>
  ((res.json() as { error: { details?: { field: string; key: string }[] } }).error.details ?? []).map((d) => d.field);
/** A registration body with a fresh registration proof for its email. */
const proven = async (email: string, extra: object = {}) =>
  registration(email, { verificationToken: await verificationTokenFor(t.app, email), ...extra });
const codesFor = (email: string) => t.app.db.selectFrom('email_codes').selectAll().where('email', '=', email).execute();
const userRow = (email: string) => t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
const freezeTime = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });

describe('POST /api/auth/resend-verification', () => {
  it('mails a 6-digit code to a new address and stores only a SHA-256 digest of it (purpose register)', async () => {
    const email = freshEmail();
    const res = await sendCode(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verificationSent: true });
    const code = await readLastCode(t.dataDir, email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await codesFor(email);
    expect(row.purpose).toBe('register');
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(10 * 60_000);
  });

  it('answers the same for a new address, an unverified account and a verified account', async () => {
    const unverified = await registerUser(t.app);
    const verified = await registerUser(t.app);
    await t.app.db.updateTable('users').set({ email_verified: 0 }).where('email', '=', unverified.email).execute();
    await t.app.mailer.flush();
    const codesBefore = (await codesFor(verified.email)).map((c) => c.id);
    const answers = [];
    // One minute after registering's own code mail, so the resend rule does not apply.
    freezeTime();
    vi.setSystemTime(Date.now() + 61_000);
    for (const email of [freshEmail(), unverified.email, verified.email]) {
      const res = await sendCode(email);
      answers.push({ status: res.statusCode, body: res.body });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    await t.app.mailer.flush();
    const toUnverified = (await codesFor(unverified.email)).find((c) => c.verified_at === null)!;
    expect(toUnverified.purpose).toBe('verify');
    // The verified account gets a code too; only its mail (inside the mailbox) says the account exists.
    const mail = await readLastMail(t.dataDir, verified.email);
    expect(mail.subject).toMatch(/already have/);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect((await codesFor(verified.email)).map((c) => c.id)).not.toEqual(codesBefore);
    // "Account Already Exists" is answered only to the caller who proved the mailbox with that code.
    const exists = await post('/api/auth/verify-email', { email: verified.email, code });
    expect(exists.statusCode).toBe(409);
    expect(exists.json().error.code).toBe('EMAIL_EXISTS');
  });

  it('refuses a second code for the same email within 60 s with 429 and retryAfter, then sends one', async () => {
    freezeTime();
    const email = freshEmail();
    expect((await sendCode(email)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 30_000);
    const again = await sendCode(email);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RATE_LIMITED');
    expect(again.json().retryAfter).toBeGreaterThanOrEqual(29);
    expect(again.json().retryAfter).toBeLessThanOrEqual(31);
    expect(again.headers['retry-after']).toBeDefined();
    vi.setSystemTime(Date.now() + 31_000);
    expect((await sendCode(email)).statusCode).toBe(200);
  });

  it('limits code sends per IP (config.rateLimits.codeSendsPerIp10m)', async () => {
    const own = await makeTestApp({ rateLimits: { codeSendsPerIp10m: 2 } });
    try {
      const send = (email: string, ip: string) =>
        own.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email }, remoteAddress: ip });
      expect((await send('a@example.com', '10.0.0.1')).statusCode).toBe(200);
      expect((await send('b@example.com', '10.0.0.1')).statusCode).toBe(200);
      const third = await send('c@example.com', '10.0.0.1');
      expect(third.statusCode).toBe(429);
      expect(third.json().retryAfter).toBeGreaterThan(0);
      expect((await send('c@example.com', '10.0.0.2')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('rejects a malformed email with 400 naming the field', async () => {
    const res = await post('/api/auth/resend-verification', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['email']);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('send code → verify → register creates a verified account', async () => {
    const email = freshEmail();
    await sendCode(email);
    const code = await readLastCode(t.dataDir, email);
    const verify = await post('/api/auth/verify-email', { email, code });
    expect(verify.statusCode).toBe(200);
    const { verified, verificationToken } = verify.json();
    expect(verified).toBe(true);
    expect(verificationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await codesFor(email);
    expect(row.verified_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(verificationToken);

    const res = await post('/api/auth/register', registration(email, { verificationToken }));
    expect(res.statusCode).toBe(201);
    expect(res.json().user.emailVerified).toBe(true);
    // The proof is used up by the registration.
    expect((await codesFor(email))[0].consumed_at).not.toBeNull();
  });

  it('marks the signed-in owner\'s unverified account verified, once: the same code a second time is refused', async () => {
    const u = await registerUser(t.app);
    await t.app.db.updateTable('users').set({ email_verified: 0 }).where('email', '=', u.email).execute();
    await sendCode(u.email);
    const code = await readLastCode(t.dataDir, u.email);
    const first = await post('/api/auth/verify-email', { email: u.email, code }, u.headers);
    expect(first.json()).toEqual({ verified: true });
    expect((await userRow(u.email)).email_verified).toBe(1);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: u.headers });
    expect(me.json().user.emailVerified).toBe(true);

    const reuse = await post('/api/auth/verify-email', { email: u.email, code }, u.headers);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: { code: 'INVALID_CODE', message: 'Email verification failed' } });
  });

  it('refuses a wrong code with 400 INVALID_CODE and counts the attempt', async () => {
    const email = freshEmail();
    await sendCode(email);
    const code = await readLastCode(t.dataDir, email);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await post('/api/auth/verify-email', { email, code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'INVALID_CODE', message: 'Email verification failed' } });
    expect((await codesFor(email))[0].attempts).toBe(1);
  });

  it('refuses a code for an email that never asked for one with the same answer', async () => {
    const res = await post('/api/auth/verify-email', { email: freshEmail(), code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CODE');
  });

  it('refuses the right code after 10 minutes', async () => {
    freezeTime();
    const email = freshEmail();
    await sendCode(email);
    const code = await readLastCode(t.dataDir, email);
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    const res = await post('/api/auth/verify-email', { email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_CODE');
  });

  it('kills a code after 5 attempts: the 6th check fails even with the right code', async () => {
    const email = freshEmail();
    await sendCode(email);
    const code = await readLastCode(t.dataDir, email);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/auth/verify-email', { email, code: wrong })).statusCode).toBe(400);
    }
    const sixth = await post('/api/auth/verify-email', { email, code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error.code).toBe('INVALID_CODE');
    expect((await codesFor(email))[0].attempts).toBe(5);
  });

  it('only the newest code works after a resend', async () => {
    freezeTime();
    const email = freshEmail();
    await sendCode(email);
    const first = await readLastCode(t.dataDir, email);
    const { file } = await readLastMail(t.dataDir, email);
    vi.setSystemTime(Date.now() + 61_000);
    await sendCode(email);
    const second = await readLastCode(t.dataDir, email, { after: file });
    if (first !== second) {
      expect((await post('/api/auth/verify-email', { email, code: first })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/verify-email', { email, code: second })).statusCode).toBe(200);
  });

  it('limits failed code checks per IP (config.rateLimits.codeChecksPerIp10m)', async () => {
    const own = await makeTestApp({ rateLimits: { codeChecksPerIp10m: 3 } });
    try {
      const check = (ip: string) =>
        own.app.inject({
          method: 'POST',
          url: '/api/auth/verify-email',
          payload: { email: 'x@example.com', code: '123456' },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await check('10.0.0.9')).statusCode).toBe(400);
      const blocked = await check('10.0.0.9');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().retryAfter).toBeGreaterThan(0);
      expect((await check('10.0.0.10')).statusCode).toBe(400);
    } finally {
      await own.close();
    }
  });

  it('rejects a code that is not 6 digits with 400 naming the field', async () => {
    const res = await post('/api/auth/verify-email', { email: freshEmail(), code: '12ab' });
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toContain('code');
  });

  it('a registration proof older than 30 minutes no longer registers (400, no account)', async () => {
    freezeTime();
    const email = freshEmail();
    await sendCode(email);
    const verify = await post('/api/auth/verify-email', { email, code: await readLastCode(t.dataDir, email) });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const res = await post('/api/auth/register', registration(email, { verificationToken: verify.json().verificationToken }));
    expect(res.statusCode).toBe(400);
    expect(fields(res)).toEqual(['verificationToken']);
    expect(await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
  });
});

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
      telegramLinked: false,
    });
    expect(Object.keys(user).sort()).toEqual(
      [
        '_id', 'email', 'name', 'emailVerified', 'marketingConsent', 'role', 'timezone', 'weekStartDay', 'clockMode',
        'brainrotEnabled', 'locale', 'googleLinked', 'telegramLinked', 'createdAt', 'updatedAt',
      ].sort(),
    );
    expect(res.body).not.toMatch(/argon2|password/i);
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
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: squatter.headers })).statusCode).toBe(401);
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
    const own = await makeTestApp({ adminEmails: ['boss@example.com'] });
    try {
      const first = await registerUser(own.app);
      const second = await registerUser(own.app);
      const boss = await registerUser(own.app, { email: 'Boss@Example.com' });
      expect([first.user.role, second.user.role, boss.user.role]).toEqual(['admin', 'user', 'admin']);
    } finally {
      await own.close();
    }
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
