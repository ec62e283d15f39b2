import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy, type AppConfig } from '../../config.js';
import { readLastMail, registerUser } from '../../../test/helpers.js';
import { makeTestApp, type TestApp } from '../../../test/kit.js';

/**
 * Issue 12, points 3 and 4: no forged header reaches a mail link or the client address. Links come from
 * PUBLIC_URL, or in development from a loopback Host only; X-Forwarded-* are believed only from the proxies
 * TRUST_PROXY names (or within its hop count).
 */
const apps: TestApp[] = [];
async function app(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const t = await makeTestApp(overrides);
  apps.push(t);
  return t;
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

/** The link in the reset mail a forgot-password request with these headers produces. */
async function resetLink(t: TestApp, headers: InjectOptions['headers'], remoteAddress = '127.0.0.1'): Promise<string> {
  const u = await registerUser(t.app);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email }, headers, remoteAddress });
  expect(res.statusCode).toBe(200);
  await t.app.mailer.flush();
  const mail = await readLastMail(t.dataDir, u.email);
  const link = /(\S+)\/auth\/reset-password\?token=/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}

describe('links in mails (point 3)', () => {
  const forged = [
    { host: 'evil.example.com' },
    { host: 'localhost:3000', 'x-forwarded-host': 'evil.example.com' },
    { host: 'evil.example.com', 'x-forwarded-host': 'localhost' },
    { host: 'localhost@evil.example.com' },
    { host: '127.0.0.1.evil.example.com' },
  ];

  it('use PUBLIC_URL whatever Host and X-Forwarded-Host say (also behind a trusted proxy)', async () => {
    const t = await app({ publicUrl: 'https://todo.example.org', trustProxy: parseTrustProxy('1') });
    for (const headers of forged) expect(await resetLink(t, headers)).toBe('https://todo.example.org');
  });

  it('without PUBLIC_URL (development) never use a forged host: a non-loopback Host falls back to localhost', async () => {
    const t = await app({ port: 3123, trustProxy: parseTrustProxy('1') });
    for (const headers of forged) {
      const link = await resetLink(t, headers);
      expect(link).not.toMatch(/evil/);
      expect(['http://localhost:3123', 'http://localhost:3000']).toContain(link);
    }
  });

  it('in development use the request\'s own loopback host, so a dev server on another port links to itself', async () => {
    const t = await app({ port: 3124 });
    expect(await resetLink(t, { host: '127.0.0.1:5173' })).toBe('http://127.0.0.1:5173');
    expect(await resetLink(t, { host: 'localhost:4000' })).toBe('http://localhost:4000');
    expect(await resetLink(t, { host: '[::1]:4001' })).toBe('http://[::1]:4001');
  });

  it('the "account exists" code mail\'s login link follows the same rule', async () => {
    const t = await app({ port: 3125, trustProxy: parseTrustProxy('1') });
    const u = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: u.email },
      headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' },
    });
    await t.app.mailer.flush();
    const mail = await readLastMail(t.dataDir, u.email);
    expect(mail.text).toContain('http://localhost:3125/auth/login');
    expect(mail.text).not.toMatch(/evil/);
  });
});

/** The client address the server recorded for a failed login sent with these headers from `remoteAddress`. */
async function recordedIp(t: TestApp, remoteAddress: string, headers: Record<string, string>): Promise<string | null> {
  const email = `ip-${Math.random().toString(36).slice(2)}@example.com`;
  await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password-1' }, headers, remoteAddress });
  const row = await t.app.db.selectFrom('auth_events').select('ip').where('email', '=', email).executeTakeFirst();
  return row?.ip ?? null;
}

describe('TRUST_PROXY (point 4)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await app();
  });

  it('unset: a forged X-Forwarded-For never becomes the client address', async () => {
    expect(await recordedIp(plain, '10.0.0.5', { 'x-forwarded-for': '6.6.6.6' })).toBe('10.0.0.5');
    expect(await recordedIp(plain, '10.0.0.5', { 'x-forwarded-for': '6.6.6.6, 7.7.7.7', forwarded: 'for=8.8.8.8' })).toBe('10.0.0.5');
  });

  it('unset: changing X-Forwarded-For does not get around the per-address limit', async () => {
    const t = await app({ rateLimits: { ...plain.config.rateLimits, failedLoginsPerIp10m: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `rotate-${i}@example.com`, password: 'wrong-password-1' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        remoteAddress: '10.0.0.6',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('a list of proxies: only their X-Forwarded-For is believed, and only the hop they added', async () => {
    const t = await app({ trustProxy: parseTrustProxy('10.0.0.1, 192.168.0.0/16') });
    // A client that is not a listed proxy cannot choose its address.
    expect(await recordedIp(t, '10.0.0.5', { 'x-forwarded-for': '6.6.6.6' })).toBe('10.0.0.5');
    // Through the proxy, the address the proxy saw counts, not what the client wrote in front of it.
    expect(await recordedIp(t, '10.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' })).toBe('203.0.113.7');
    expect(await recordedIp(t, '192.168.3.4', { 'x-forwarded-for': '6.6.6.6, 198.51.100.2' })).toBe('198.51.100.2');
  });

  it('a hop count: the address one hop in front of the trusted proxies, never a client-written one', async () => {
    const one = await app({ trustProxy: parseTrustProxy('1') });
    expect(await recordedIp(one, '10.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' })).toBe('203.0.113.7');
    const two = await app({ trustProxy: parseTrustProxy('2') });
    expect(await recordedIp(two, '10.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.0.0.2' })).toBe('203.0.113.9');
  });
});
