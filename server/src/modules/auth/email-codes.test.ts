import { describe, expect, it, vi } from 'vitest';
import { readLastCode, readLastMail, registerUser } from '../../../test/helpers.js';
import { useServerTest, withTestApp } from '../../../test/kit.js';
import { registrationApi } from '../../../test/registration.js';

/** Email codes: sending one (resend-verification) and checking it (verify-email), the registration proof. */

// Limits per IP are tested with their own apps below; this one sends many codes from one address.
const t = useServerTest({ config: { rateLimits: { codeSendsPerIp10m: 1000, codeChecksPerIp10m: 1000 } }, user: false });
const { freshEmail, post, registration, sendCode, fields, codesFor, userRow, freezeTime } = registrationApi(t);

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
    await withTestApp({ rateLimits: { codeSendsPerIp10m: 2 } }, async (own) => {
      const send = (email: string, ip: string) =>
        own.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email }, remoteAddress: ip });
      expect((await send('a@example.com', '10.0.0.1')).statusCode).toBe(200);
      expect((await send('b@example.com', '10.0.0.1')).statusCode).toBe(200);
      const third = await send('c@example.com', '10.0.0.1');
      expect(third.statusCode).toBe(429);
      expect(third.json().retryAfter).toBeGreaterThan(0);
      expect((await send('c@example.com', '10.0.0.2')).statusCode).toBe(200);
    });
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
    const me = await t.callAs(u, 'GET', '/api/auth/me');
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
    await withTestApp({ rateLimits: { codeChecksPerIp10m: 3 } }, async (own) => {
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
    });
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
