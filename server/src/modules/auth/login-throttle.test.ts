import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, TEST_PASSWORD, type RegisteredUser } from '../../../test/helpers.js';
import { useServerTest, withTestApp } from '../../../test/kit.js';
import { httpFrom, type HttpAnswer } from '../../../test/http-from.js';

/**
 * Issue 12, point 5: login throttling per (account, address) that an attacker cannot turn into a lockout of the
 * owner. A real listening server, reached from two loopback addresses (127.0.0.1 the owner, 127.0.0.2 the
 * attacker), so `request.ip` is the socket's address as in production.
 */
const t = useServerTest({ user: false, listen: true });
let owner: RegisteredUser;
beforeAll(async () => {
  owner = await registerUser(t.app);
});
afterEach(() => {
  vi.useRealTimers();
});

const login = (from: string, email: string, password: string): Promise<HttpAnswer> =>
  httpFrom(from, t.base, { method: 'POST', path: '/api/auth/login', body: { email, password } });
const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.1';

describe('login throttling per (account, address)', () => {
  it('100 wrong passwords at once from one address: 10 are evaluated, the rest get 429 with Retry-After, the owner still gets in', async () => {
    const victim = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(ATTACKER, victim.email, `wrong-guess-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(90);
    const throttled = answers.find((a) => a.status === 429)!;
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(throttled.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });

    // The request really came from 127.0.0.2 (not from a header), and the owner at 127.0.0.1 is not affected.
    const events = await t.app.db.selectFrom('auth_events').select('ip').where('email', '=', victim.email).execute();
    expect(new Set(events.map((e) => e.ip))).toEqual(new Set([ATTACKER]));
    const ownLogin = await login(OWNER, victim.email, TEST_PASSWORD);
    expect(ownLogin.status).toBe(200);
    expect(ownLogin.json().user.email).toBe(victim.email);
    // Even the right password from the throttled address waits (the throttle does not reveal the password).
    expect((await login(ATTACKER, victim.email, TEST_PASSWORD)).status).toBe(429);
  });

  it('after 10 failures in 15 minutes the wait starts at a minute and doubles per further failure, up to an hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const victim = await registerUser(t.app);
    for (let i = 0; i < 10; i++) expect((await login(ATTACKER, victim.email, `wrong-${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let step = 0; step < 8; step++) {
      const blocked = await login(ATTACKER, victim.email, 'wrong-again');
      expect(blocked.status).toBe(429);
      const wait = Number(blocked.headers['retry-after']);
      waits.push(wait);
      vi.setSystemTime(Date.now() + wait * 1000 + 1000);
      // Once the wait is over one more attempt is evaluated (and fails), which doubles the next wait.
      expect((await login(ATTACKER, victim.email, `wrong-late-${step}`)).status).toBe(401);
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    // Throughout, the owner at another address signs in at once.
    expect((await login(OWNER, victim.email, TEST_PASSWORD)).status).toBe(200);
    // An hour and a quarter without failures ends the streak: that address is evaluated again.
    vi.setSystemTime(Date.now() + 76 * 60_000);
    expect((await login(ATTACKER, victim.email, 'after-a-quiet-while')).status).toBe(401);
  });

  it('9 failures then the right password: no throttle for a user who mistypes', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 9; i++) expect((await login(OWNER, u.email, `typo-${i}`)).status).toBe(401);
    expect((await login(OWNER, u.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('keeps the per-account cap for many addresses: the owner is throttled only after 100 failures in an hour', async () => {
    await withTestApp({ rateLimits: { failedLoginsPerAccountHour: 20 } }, async (own) => {
      const ownBase = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const u = await registerUser(own.app);
      const from = (ip: string, password: string) =>
        httpFrom(ip, ownBase, { method: 'POST', path: '/api/auth/login', body: { email: u.email, password } });
      // 10 failures from each of two addresses reach the (lowered) account cap of 20.
      for (const ip of ['127.0.0.3', '127.0.0.4']) for (let i = 0; i < 10; i++) expect((await from(ip, `bad-${i}`)).status).toBe(401);
      const capped = await from(OWNER, TEST_PASSWORD);
      expect(capped.status).toBe(429);
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000);
    });
  });

  it('uses the same limits for the password given to change it', async () => {
    const u = await registerUser(t.app);
    const change = (currentPassword: string) =>
      httpFrom(ATTACKER, t.base, {
        method: 'PUT',
        path: '/api/auth/password',
        headers: u.headers,
        body: { currentPassword, newPassword: 'a-brand-new-password-55' },
      });
    for (let i = 0; i < 10; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    expect((await change(TEST_PASSWORD)).status).toBe(429);
    expect((await login(OWNER, u.email, TEST_PASSWORD)).status).toBe(200);
    expect(owner.email).not.toBe(u.email);
  });
});
