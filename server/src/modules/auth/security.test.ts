import { createHmac, generateKeyPairSync, sign as rsaSign } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../config.js';
import { readOrCreateStoredSecret } from '../../db/secrets.js';
import { JWT_AUDIENCE, JWT_ISSUER } from '../../plugins/auth.js';
import {
  bearer,
  readLastCode,
  readLastResetToken,
  registerUser,
  TEST_PASSWORD,
  type RegisteredUser,
} from '../../../test/helpers.js';
import { useServerTest, withTestApp } from '../../../test/kit.js';

const t = useServerTest({ user: false });
let u: RegisteredUser;
/** The signing key (on PostgreSQL without JWT_SECRET it is kept in the store). */
let jwtSecret: string;
beforeAll(async () => {
  u = await registerUser(t.app);
  jwtSecret = t.config.jwtSecret ?? (await readOrCreateStoredSecret(t.app.db, 'jwt'));
});

const me = (headers: Record<string, string>, app = t.app) => app.inject({ method: 'GET', url: '/api/auth/me', headers });

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, Secure and __Host- prefixed on localhost', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: TEST_PASSWORD },
    });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^__Host-sid=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).toMatch(/; Secure/);
    expect(header).not.toMatch(/Domain=/);
  });

  it('is Secure and __Host- prefixed behind HTTPS too', async () => {
    await withTestApp({ trustProxy: parseTrustProxy('1') }, async (own) => {
      const h = await registerUser(own.app, { email: 'h@example.org' });
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host: 'todo.example.org', 'x-forwarded-proto': 'https' },
        payload: { email: h.email, password: TEST_PASSWORD },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/^__Host-sid=.*; HttpOnly.*; Secure/);
    });
  });
});

describe('CSRF', () => {
  it('refuses a cookie-only POST from another origin with 403 and leaves the session alive', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: u.cookie, ...headers } });
      expect(res.statusCode).toBe(403);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/profile',
        headers: { cookie: u.cookie, ...headers },
        payload: { name: 'Pwned' },
      });
      expect(put.statusCode).toBe(403);
    }
    expect((await me({ cookie: u.cookie })).json().user.name).toBe('Test User');
  });

  it('accepts the same cookie-only request from the app origin', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie: u.cookie, origin: 'http://localhost' },
      payload: { name: 'Same Site' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('JWT forgery set (every variant → 401 on GET /api/auth/me)', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const hmac = (alg: 'sha256' | 'sha512', secret: string, data: string) => createHmac(alg, secret).update(data).digest('base64url');
  const claims = () => {
    const real = JSON.parse(Buffer.from(u.token.split('.')[1], 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    return { sub: real.sub, sid: real.sid, aud: JWT_AUDIENCE, iss: JWT_ISSUER, iat: now, exp: now + 600 };
  };
  const hs = (payload: object, { alg = 'HS256', secret = jwtSecret } = {}) => {
    const data = `${b64({ alg, typ: 'JWT' })}.${b64(payload)}`;
    return `${data}.${hmac(alg === 'HS512' ? 'sha512' : 'sha256', secret, data)}`;
  };

  it('control: a token forged exactly like ours with the real secret is accepted (the set below is meaningful)', async () => {
    expect((await me(bearer(hs(claims())))).statusCode).toBe(200);
  });

  it('alg none', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`;
    expect((await me(bearer(token))).statusCode).toBe(401);
    expect((await me(bearer(token.slice(0, -1)))).statusCode).toBe(401);
  });

  it('HS512 with the same secret', async () => {
    expect((await me(bearer(hs(claims(), { alg: 'HS512' })))).statusCode).toBe(401);
  });

  it('RS256 header (HS/RS confusion), signed with an RSA key or with the secret', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const data = `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims())}`;
    const rs = `${data}.${rsaSign('sha256', Buffer.from(data), privateKey).toString('base64url')}`;
    expect((await me(bearer(rs))).statusCode).toBe(401);
    expect((await me(bearer(`${data}.${hmac('sha256', jwtSecret, data)}`))).statusCode).toBe(401);
  });

  it('bad signature', async () => {
    const [h, p, s] = u.token.split('.');
    const flipped = `${h}.${p}.${s[0] === 'A' ? 'B' : 'A'}${s.slice(1)}`;
    expect((await me(bearer(flipped))).statusCode).toBe(401);
    const tampered = `${h}.${b64({ ...claims(), sub: 'someone-else' })}.${s}`;
    expect((await me(bearer(tampered))).statusCode).toBe(401);
  });

  it('expired (exp in the past)', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect((await me(bearer(hs({ ...claims(), iat: now - 7200, exp: now - 3600 })))).statusCode).toBe(401);
  });

  it('future nbf', async () => {
    expect((await me(bearer(hs({ ...claims(), nbf: Math.floor(Date.now() / 1000) + 3600 })))).statusCode).toBe(401);
  });

  it('wrong aud, wrong iss, missing aud', async () => {
    expect((await me(bearer(hs({ ...claims(), aud: 'another-app' })))).statusCode).toBe(401);
    expect((await me(bearer(hs({ ...claims(), iss: 'evil-issuer' })))).statusCode).toBe(401);
    const { aud: _aud, ...noAud } = claims();
    expect((await me(bearer(hs(noAud)))).statusCode).toBe(401);
  });

  it('signed with another secret', async () => {
    expect((await me(bearer(hs(claims(), { secret: 'another-secret-that-is-long-enough-0123456789' })))).statusCode).toBe(401);
  });

  it('a valid signature for a session that does not exist or belongs to someone else', async () => {
    const other = await registerUser(t.app);
    expect((await me(bearer(hs({ ...claims(), sid: 'no-such-session' })))).statusCode).toBe(401);
    expect((await me(bearer(hs({ ...claims(), sub: other.user._id })))).statusCode).toBe(401);
  });
});

describe('anti-automation', () => {
  it('caps requests per IP and minute on auth routes (config.rateLimits.authRequestsPerIpMinute)', async () => {
    await withTestApp({ rateLimits: { authRequestsPerIpMinute: 3 } }, async (own) => {
      const hit = () => own.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@example.com' } });
      for (let i = 0; i < 3; i++) expect((await hit()).statusCode).toBe(200);
      const blocked = await hit();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('RATE_LIMITED');
      expect(blocked.json().retryAfter).toBeGreaterThan(0);
    });
  });
});

describe('logs', () => {
  it('record auth events at info level and never a password, token, cookie or reset secret; the code only in the no-SMTP line', async () => {
    const lines: string[] = [];
    await withTestApp({ logLevel: 'info' }, { logStream: { write: (line: string) => void lines.push(line) } }, async (own) => {
      const app = own.app;
      const a = await registerUser(app);
      await app.db.updateTable('users').set({ email_verified: 0 }).where('id', '=', a.user._id).execute();
      await app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email: a.email } });
      const code = await readLastCode(own.dataDir, a.email);
      await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: a.email, code }, headers: a.headers });
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: 'wrong-guess-123' } });
      const ok = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: a.password } });
      const newPassword = 'mossy-bridge-over-quiet-water';
      const changed = await app.inject({
        method: 'PUT',
        url: '/api/auth/password',
        headers: bearer(ok.json().token),
        payload: { newPassword, currentPassword: a.password },
      });
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: a.email } });
      await app.mailer.flush();
      const resetToken = await readLastResetToken(own.dataDir, a.email);
      const finalPassword = 'lantern-in-the-rainy-harbour';
      await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: resetToken, password: finalPassword } });
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { ...bearer(changed.json().token), cookie: a.cookie } });

      const log = lines.join('');
      const secrets = [
        a.password, 'wrong-guess-123', newPassword, finalPassword, a.token, ok.json().token, changed.json().token,
        a.cookie.split('=')[1], resetToken,
      ];
      for (const secret of secrets) expect(log).not.toContain(secret);
      const withCode = lines.filter((l) => l.includes(code));
      expect(withCode.length).toBeGreaterThan(0);
      for (const line of withCode) expect(JSON.parse(line).msg).toMatch(/SMTP_URL unset: verification code/);

      const events = lines.map((l) => JSON.parse(l)).filter((e) => e.event && e.level === 30).map((e) => e.event);
      for (const event of ['register', 'email_verified', 'login_failed', 'login_ok', 'password_changed', 'password_reset', 'logout']) {
        expect(events).toContain(event);
      }
    });
  });
});
