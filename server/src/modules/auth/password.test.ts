import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  readLastMail,
  readLastResetToken,
  readMails,
  registerUser,
  sessionCookie,
  TEST_PASSWORD,
} from '../../../test/helpers.js';
import { useServerTest, withTestApp } from '../../../test/kit.js';

const t = useServerTest({ config: { publicUrl: 'https://app.example.org', rateLimits: { codeSendsPerIp10m: 1000 } }, user: false });
afterEach(() => {
  vi.useRealTimers();
});

const NEW_PASSWORD = 'amber-kettle-sings-at-dawn';
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const login = (email: string, password: string) =>
  t.callAs(null, 'POST', '/api/auth/login', { email, password });
const changePassword = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/password', headers, payload });
const forgot = (email: string, headers: Record<string, string> = {}) =>
  t.callAs(null, 'POST', '/api/auth/forgot-password', { email }, headers);
const reset = (token: string, password: string) =>
  t.callAs(null, 'POST', '/api/auth/reset-password', { token, password });
const INVALID_TOKEN = { error: { code: 'INVALID_TOKEN', message: 'Invalid or expired reset link' } };

describe('PUT /api/auth/password', () => {
  it('with signOutOthers ends every session (all earlier tokens and cookies die) and answers a token for a new one', async () => {
    const u = await registerUser(t.app);
    const otherDevice = (await login(u.email, TEST_PASSWORD)).json().token;
    const res = await changePassword({ ...u.headers }, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, signOutOthers: true });
    expect(res.statusCode).toBe(200);
    const { success, token } = res.json();
    expect(success).toBe(true);
    expect(sessionCookie(res)).toMatch(/^__Host-sid=/);
    expect((await me(u.headers)).statusCode).toBe(401);
    expect((await me(bearer(otherDevice))).statusCode).toBe(401);
    expect((await me({ cookie: u.cookie })).statusCode).toBe(401);
    expect((await me(bearer(token))).statusCode).toBe(200);
    expect((await me({ cookie: sessionCookie(res) ?? '' })).statusCode).toBe(200);
    expect((await login(u.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('without signOutOthers renews only this session: other devices stay signed in', async () => {
    const u = await registerUser(t.app);
    const otherDevice = (await login(u.email, TEST_PASSWORD)).json().token;
    const res = await changePassword(u.headers, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await me(u.headers)).statusCode).toBe(401);
    expect((await me(bearer(res.json().token))).statusCode).toBe(200);
    expect((await me(bearer(otherDevice))).statusCode).toBe(200);
  });

  it('requires the right currentPassword: missing or wrong is 400 "Current password is incorrect" and changes nothing', async () => {
    const u = await registerUser(t.app);
    for (const extra of [{}, { currentPassword: '' }, { currentPassword: 'not-my-password' }]) {
      const wrong = await changePassword(u.headers, { newPassword: NEW_PASSWORD, ...extra });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        error: {
          code: 'INVALID_PASSWORD',
          message: 'Current password is incorrect',
          details: [expect.objectContaining({ field: 'currentPassword' })],
        },
      });
    }
    expect((await me(u.headers)).statusCode).toBe(200);
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(401);
    const ok = await changePassword(u.headers, { newPassword: NEW_PASSWORD, currentPassword: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
  });

  it('applies the password policy to newPassword', async () => {
    const u = await registerUser(t.app);
    const common = await changePassword(u.headers, { currentPassword: TEST_PASSWORD, newPassword: 'sunshine1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.details).toEqual([expect.objectContaining({ field: 'newPassword', key: 'validation.passwordCommon' })]);
    const short = await changePassword(u.headers, { currentPassword: TEST_PASSWORD, newPassword: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.details[0]).toMatchObject({ field: 'newPassword', key: 'validation.minLength' });
    expect((await me(u.headers)).statusCode).toBe(200);
  });

  it('requires a session', async () => {
    expect((await changePassword({}, { newPassword: NEW_PASSWORD })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers the same body for known and unknown emails and mails a link only to the known one', async () => {
    const u = await registerUser(t.app);
    const known = await forgot(u.email);
    const unknown = await forgot('stranger@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ success: true });
    await t.app.mailer.flush();
    expect(await readMails(t.dataDir, 'stranger@example.com')).toHaveLength(0);
    const mail = await readLastMail(t.dataDir, u.email);
    expect(mail.text).toMatch(/^https:\/\/app\.example\.org\/auth\/reset-password\?token=[A-Za-z0-9_-]{43}$/m);
    const [row] = await t.app.db
      .selectFrom('email_codes')
      .selectAll()
      .where('email', '=', u.email)
      .where('purpose', '=', 'reset')
      .execute();
    const token = await readLastResetToken(t.dataDir, u.email);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("writes the mail in the user's language (ru), and for a new address in the Accept-Language one", async () => {
    const u = await registerUser(t.app, { locale: 'ru' });
    await forgot(u.email);
    await t.app.mailer.flush();
    const mail = await readLastMail(t.dataDir, u.email);
    expect(mail.subject).toMatch(/Сброс пароля/);
    expect(mail.text).toMatch(/Чтобы задать новый пароль/);

    const email = `ru-${Date.now()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email },
      headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' },
    });
    expect((await readLastMail(t.dataDir, email)).text).toMatch(/Ваш код подтверждения: \d{6}/);
  });

  it('throttles by mails sent, not requests: a request every 40 s still gets a link every 80 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const u = await registerUser(t.app);
    const sentAt: number[] = [];
    const start = Date.now();
    for (let second = 0; second <= 240; second += 40) {
      vi.setSystemTime(start + second * 1000);
      const before = (await readMails(t.dataDir, u.email)).length;
      expect((await forgot(u.email)).json()).toEqual({ success: true });
      await t.app.mailer.flush();
      if ((await readMails(t.dataDir, u.email)).length > before) sentAt.push(second);
    }
    expect(sentAt).toEqual([0, 80, 160, 240]);
  });

  it('answers a known and an unknown email alike every time, and counts nothing per email for the unknown one', async () => {
    const u = await registerUser(t.app);
    const stranger = `nobody-${Date.now()}@example.com`;
    for (let i = 0; i < 3; i++) {
      const [a, b] = [await forgot(u.email), await forgot(stranger)];
      expect([a.statusCode, a.body]).toEqual([b.statusCode, b.body]);
    }
    await t.app.mailer.flush();
    const perEmail = await t.app.db.selectFrom('auth_events').select('kind').where('email', '=', stranger).execute();
    expect(perEmail).toEqual([]);
  });

  it('limits sends per IP', async () => {
    await withTestApp({ rateLimits: { codeSendsPerIp10m: 2 } }, async (own) => {
      const send = (email: string) =>
        own.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress: '10.5.0.1' });
      expect((await send('a@example.com')).statusCode).toBe(200);
      expect((await send('b@example.com')).statusCode).toBe(200);
      expect((await send('c@example.com')).statusCode).toBe(429);
    });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, verifies the email and ends every session; the link works once', async () => {
    const u = await registerUser(t.app);
    await forgot(u.email);
    await t.app.mailer.flush();
    const token = await readLastResetToken(t.dataDir, u.email);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await me(u.headers)).statusCode).toBe(401);
    expect((await me({ cookie: u.cookie })).statusCode).toBe(401);
    expect((await login(u.email, TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await login(u.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().user.emailVerified).toBe(true);

    const again = await reset(token, 'another-fine-passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID_TOKEN);
  });

  it('refuses an unknown link and one older than 10 minutes', async () => {
    expect((await reset('A'.repeat(43), NEW_PASSWORD)).json()).toEqual(INVALID_TOKEN);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const u = await registerUser(t.app);
    await forgot(u.email);
    await t.app.mailer.flush();
    const token = await readLastResetToken(t.dataDir, u.email);
    vi.setSystemTime(Date.now() + 10 * 60_000 + 1000);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(INVALID_TOKEN);
  });

  it('refuses a common password without using the link up', async () => {
    const u = await registerUser(t.app);
    await forgot(u.email);
    await t.app.mailer.flush();
    const token = await readLastResetToken(t.dataDir, u.email);
    const weak = await reset(token, 'baseball1');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.details[0]).toMatchObject({ field: 'password', key: 'validation.passwordCommon' });
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lifts the per-account failed-login block: the mailbox owner gets back in', async () => {
    await withTestApp({ rateLimits: { failedLoginsPerAccountHour: 3 } }, async (own) => {
      const u = await registerUser(own.app);
      const attempt = (password: string) =>
        own.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password } });
      for (let i = 0; i < 3; i++) await attempt('wrong-password');
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
      await own.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
      await own.app.mailer.flush();
      const token = await readLastResetToken(own.dataDir, u.email);
      await own.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: NEW_PASSWORD } });
      expect((await attempt(NEW_PASSWORD)).statusCode).toBe(200);
    });
  });

  it('names bad fields with 400', async () => {
    const res = await t.callAs(null, 'POST', '/api/auth/reset-password', { token: '', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field).sort()).toEqual(['password', 'token']);
  });
});
