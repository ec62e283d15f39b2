import type { InjectOptions } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  registerUser,
  sessionCookie,
  TEST_PASSWORD,
  type RegisteredUser,
} from '../../../test/helpers.js';
import { makeTestApp, reopen, type TestApp, useServerTest, withTestApp } from '../../../test/kit.js';

const t = useServerTest({ user: false });
let alice: RegisteredUser;
beforeAll(async () => {
  alice = await registerUser(t.app);
});
afterEach(() => {
  vi.useRealTimers();
});

const login = (app: TestApp['app'], email: string, password: string, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
const me = (headers: InjectOptions['headers']) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });
const INVALID = { error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect email or password' } };
const UNAUTHORIZED_ME = {
  error: { code: 'UNAUTHORIZED', message: 'Unauthorized access' },
  authenticated: false,
  user: null,
  token: null,
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('POST /api/auth/login', () => {
  it('answers the user, a token and a new session cookie; every login is a new session', async () => {
    const first = await login(t.app, alice.email, TEST_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ _id: alice.user._id, email: alice.email });
    const second = await login(t.app, alice.email.toUpperCase(), TEST_PASSWORD);
    expect(second.statusCode).toBe(200);
    expect(first.json().token).not.toBe(second.json().token);
    expect(sessionCookie(first)).not.toBe(sessionCookie(second));
    expect((await me(bearer(second.json().token))).statusCode).toBe(200);
  });

  it('answers identical 401 bodies for a wrong password and an unknown email', async () => {
    const wrong = await login(t.app, alice.email, 'not-the-password');
    const unknown = await login(t.app, 'nobody@example.com', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID);
    expect(wrong.body).toBe(unknown.body);
    expect(sessionCookie(wrong)).toBeNull();
  });

  it('takes about as long for an unknown email as for a wrong password (dummy Argon2 hash)', async () => {
    const time = async (email: string) => {
      const start = performance.now();
      await login(t.app, email, 'not-the-password');
      return performance.now() - start;
    };
    await time('warm-up@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 9; i++) {
      known.push(await time(alice.email));
      unknown.push(await time(`ghost-${i}@example.com`));
    }
    // Both sides run one Argon2id verification (~tens of ms); without the dummy hash the unknown side is ~1 ms.
    expect(median(unknown)).toBeGreaterThan(median(known) / 2);
    // Loose bound: other test files run in parallel on two cores; the benchmark suite measures the fine figure.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(20, median(known) / 2));
  });

  it('refuses a disabled account: 403 ACCOUNT_DISABLED for the right password only, the same 401 for a wrong one', async () => {
    const bob = await registerUser(t.app);
    await t.app.db.updateTable('users').set({ disabled: 1 }).where('id', '=', bob.user._id).execute();
    const res = await login(t.app, bob.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'ACCOUNT_DISABLED', message: 'This account has been disabled. Please contact the administrator.' });
    const wrong = await login(t.app, bob.email, 'wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(INVALID);
    expect((await me(bob.headers)).statusCode).toBe(401);
  });

  it('records failures in auth_events (email, ip, time), not successes', async () => {
    const carol = await registerUser(t.app);
    await login(t.app, carol.email, 'wrong-password-1', '10.1.1.1');
    await login(t.app, carol.email, TEST_PASSWORD, '10.1.1.1');
    const rows = await t.app.db
      .selectFrom('auth_events')
      .selectAll()
      .where('email', '=', carol.email)
      .where('kind', '=', 'login_failed')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'login_failed', email: carol.email, ip: '10.1.1.1' });
    expect(Math.abs(rows[0].at - Date.now())).toBeLessThan(60_000);
  });

  it('names bad fields with 400', async () => {
    const res = await t.callAs(null, 'POST', '/api/auth/login', { email: 'x', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'password']);
  });

  it('evaluates at most 100 failures per account and hour from rotating IPs, then 429 even with the right password; after the hour the user gets in', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await withTestApp({ rateLimits: { failedLoginsPerIp10m: 10_000, authRequestsPerIpMinute: 10_000 } }, async (own) => {
      const victim = await registerUser(own.app);
      // 120 wrong passwords, 20 at a time, each from its own address.
      const statuses: number[] = [];
      for (let batch = 0; batch < 6; batch++) {
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => login(own.app, victim.email, `wrong-${batch}-${i}`, `10.2.${batch}.${i + 1}`)),
        );
        statuses.push(...results.map((r) => r.statusCode));
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      const evaluated = await own.app.db
        .selectFrom('auth_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'login_failed')
        .where('email', '=', victim.email)
        .executeTakeFirstOrThrow();
      expect(Number(evaluated.n)).toBe(100);

      const blocked = await login(own.app, victim.email, TEST_PASSWORD, '10.3.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
      expect(blocked.json().retryAfter).toBeGreaterThan(3000);
      expect(blocked.json().retryAfter).toBeLessThanOrEqual(3600);

      vi.setSystemTime(Date.now() + 3600_000 + 1000);
      const back = await login(own.app, victim.email, TEST_PASSWORD, '10.3.0.1');
      expect(back.statusCode).toBe(200);
    });
  });

  it('limits failures per IP (config.rateLimits.failedLoginsPerIp10m) across accounts', async () => {
    await withTestApp({ rateLimits: { failedLoginsPerIp10m: 3 } }, async (own) => {
      const u = await registerUser(own.app);
      for (let i = 0; i < 3; i++) expect((await login(own.app, `x${i}@example.com`, 'wrong-pass', '10.4.0.1')).statusCode).toBe(401);
      const blocked = await login(own.app, u.email, TEST_PASSWORD, '10.4.0.1');
      expect(blocked.statusCode).toBe(429);
      expect((await login(own.app, u.email, TEST_PASSWORD, '10.4.0.2')).statusCode).toBe(200);
    });
  });
});

describe('GET /api/auth/me', () => {
  it('with a bearer token answers authenticated and the user, and that same token: a token never renews itself', async () => {
    const res = await me(alice.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ authenticated: true, user: { _id: alice.user._id, email: alice.email } });
    expect(body.token).toBe(alice.token);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a stolen bearer token dies after its 15 minutes even when it calls /me all along', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const u = await registerUser(t.app);
    let token = u.token;
    for (let minute = 0; minute < 14; minute += 2) {
      vi.setSystemTime(Date.now() + 2 * 60_000);
      const res = await me(bearer(token));
      expect(res.statusCode).toBe(200);
      token = res.json().token;
    }
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expect((await me(bearer(token))).statusCode).toBe(401);
    // The cookie (the browser's session) still restores it with a fresh token.
    const restored = await me({ cookie: u.cookie });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().token).not.toBe(u.token);
  });

  it('restores the session from the cookie alone, with a fresh token and the cookie sent again', async () => {
    const res = await me({ cookie: alice.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().authenticated).toBe(true);
    expect(sessionCookie(res)).toBe(alice.cookie);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=7776000/);
    expect((await me(bearer(res.json().token))).json().user._id).toBe(alice.user._id);
  });

  it('answers 401 with authenticated false, user null and token null without or with bad credentials', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }, { authorization: 'Basic abc' }, { cookie: '__Host-sid=forged' }]) {
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED_ME);
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the current session: its token and cookie stop working and the cookie is cleared', async () => {
    const u = await registerUser(t.app);
    const other = await login(t.app, u.email, TEST_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/logout?_t=${Date.now()}`,
      headers: { ...u.headers, cookie: u.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cleared = res.cookies.find((c) => c.name === '__Host-sid');
    expect(cleared?.value).toBe('');
    expect((await me(u.headers)).statusCode).toBe(401);
    expect((await me({ cookie: u.cookie })).statusCode).toBe(401);
    // Another device's session is not touched.
    expect((await me(bearer(other.json().token))).statusCode).toBe(200);
  });

  it('also ends the cookie session when the bearer token is stale', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: 'Bearer expired.token.here', cookie: u.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await me({ cookie: u.cookie })).statusCode).toBe(401);
  });

  it('succeeds without a session', async () => {
    const res = await t.callAs(null, 'POST', '/api/auth/logout?_t=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });
});

describe('sessions slide and expire (docs/architecture.md)', () => {
  const sessionRow = (id: string) =>
    t.app.db.selectFrom('sessions').select(['expires_at', 'last_seen_at']).where('user_id', '=', id).executeTakeFirstOrThrow();

  it('use moves the expiry to 90 days from now, at most once a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const u = await registerUser(t.app);
    const created = await sessionRow(u.user._id);
    vi.setSystemTime(Date.now() + 12 * 3600_000);
    await me({ cookie: u.cookie });
    expect(await sessionRow(u.user._id)).toEqual(created);
    vi.setSystemTime(Date.now() + 13 * 3600_000);
    await me({ cookie: u.cookie });
    const slid = await sessionRow(u.user._id);
    expect(Date.parse(slid.expires_at)).toBe(Date.now() + 90 * 86_400_000);
    expect(slid.last_seen_at).toBe(new Date().toISOString());
    // 89 days later, past the first expiry, the slid session still works and slides again.
    vi.setSystemTime(Date.parse(slid.expires_at) - 86_400_000);
    expect(Date.now()).toBeGreaterThan(Date.parse(created.expires_at));
    expect((await me({ cookie: u.cookie })).statusCode).toBe(200);
    expect(Date.parse((await sessionRow(u.user._id)).expires_at)).toBe(Date.now() + 90 * 86_400_000);
    // Unused for 90 days, it ends.
    vi.setSystemTime(Date.now() + 90 * 86_400_000 + 1000);
    expect((await me({ cookie: u.cookie })).statusCode).toBe(401);
  });

  it('expired rows are deleted at start-up', async () => {
    const own = await makeTestApp();
    try {
      const u = await registerUser(own.app);
      await own.app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', u.user._id).execute();
      const restarted = await reopen(own);
      const left = await restarted.db.selectFrom('sessions').select('id').where('user_id', '=', u.user._id).execute();
      expect(left).toEqual([]);
      await restarted.close();
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});
