import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEAKS, useServerTest } from './kit.js';

/**
 * Malformed input never breaks the server (quality.md test 13): for every JSON route, wrong types, oversize
 * strings, `__proto__` keys, bad dates, huge numbers, deep nesting and random JSON give 4xx, never 5xx, and
 * no error body carries a stack trace, SQL or a file path.
 */

const t = useServerTest();
let taskId: string;

const ROUTES: { method: 'POST' | 'PUT' | 'PATCH'; url: () => string; auth: boolean }[] = [
  { method: 'POST', url: () => '/api/tasks', auth: true },
  { method: 'PUT', url: () => `/api/tasks/${taskId}`, auth: true },
  { method: 'POST', url: () => '/api/sync/push', auth: true },
  { method: 'POST', url: () => '/api/sync/pull', auth: true },
  { method: 'POST', url: () => '/api/auth/login', auth: false },
  { method: 'POST', url: () => '/api/auth/register', auth: false },
  { method: 'POST', url: () => '/api/auth/resend-verification', auth: false },
  { method: 'POST', url: () => '/api/auth/verify-email', auth: false },
  { method: 'POST', url: () => '/api/auth/forgot-password', auth: false },
  { method: 'POST', url: () => '/api/auth/reset-password', auth: false },
  { method: 'PUT', url: () => '/api/auth/profile', auth: true },
  { method: 'PUT', url: () => '/api/auth/password', auth: true },
  { method: 'PATCH', url: () => '/api/user/preferences', auth: true },
];


const nasty = [
  '{"__proto__": {"admin": true}, "title": "x"}',
  '{"constructor": {"prototype": {"polluted": 1}}}',
  '{"title": ' + '['.repeat(5000) + ']'.repeat(5000) + '}',
  '{"title": "' + 'a'.repeat(1024 * 1024 + 10) + '"}',
  '{"title": "x", "dueDate": "2025-13-45", "time": "99:99", "priority": {"$gt": ""}}',
  '{"title": 1e400, "completed": 123456789012345678901234567890}',
  '{"clientId": "client-abcdefgh", "mutations": [{"id": 1e20, "name": "task.create", "args": null}]}',
  '{"clientId": "client-abcdefgh", "cursor": -1, "limit": 1e9}',
  '{"email": ["a@b.c"], "password": {"x": 1}}',
  'null',
  '[]',
  '"just a string"',
  '{"title": "x"',
  '\u0000\u0001',
];

beforeAll(async () => {
  const res = await t.call('POST', '/api/tasks', { title: 'target' });
  taskId = res.json()._id;
});

async function send(route: (typeof ROUTES)[number], payload: string, contentType = 'application/json') {
  const res = await t.app.inject({
    method: route.method,
    url: route.url(),
    headers: { 'content-type': contentType, ...(route.auth ? t.user.headers : {}) },
    payload,
  });
  return res;
}

function expectClean(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect(res.body, what).not.toMatch(LEAKS);
}

describe('malformed payloads', () => {
  it('answers every hand-made nasty body with a clean 4xx', async () => {
    for (const route of ROUTES) {
      for (const body of nasty) {
        const res = await send(route, body);
        expectClean(res, `${route.method} ${route.url()} ${body.slice(0, 40)}`);
        // A partial update whose keys are all unknown is a harmless no-op; everything else is refused.
        const validPull = route.url() === '/api/sync/pull' && body.includes('"mutations"'); // extra keys are ignored
        if (route.method === 'POST' && !validPull) expect(res.statusCode, `${route.method} ${route.url()} ${body.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      }
      expectClean(await send(route, 'title=x', 'application/x-www-form-urlencoded'), `${route.url()} form`);
      expectClean(await send(route, '<xml/>', 'text/xml'), `${route.url()} xml`);
    }
  }, 60_000);

  it('stores a lone surrogate as given, without breaking JSON', async () => {
    const res = await send(ROUTES[0]!, '{"title": "\\ud800 ok"}');
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('\ud800 ok');
  });

  it('stores lone surrogates in a note, an inbox item and an event too (their search indexes take them), and finds them', async () => {
    const post = (url: string, payload: string) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...t.user.headers }, payload });
    const cases: [string, string][] = [
      ['/api/notes', '{"title": "Lone \\udc00 note", "content": "body \\ud800\\ud800 two highs"}'],
      ['/api/inbox', '{"text": "Lone \\ud800 capture"}'],
      ['/api/events', '{"title": "Lone \\ud800 event", "startDate": "2026-01-05", "allDay": true}'],
      // A typed backslash before "ud800" is text, not an escape.
      ['/api/inbox', '{"text": "Lone typed \\\\ud800 text"}'],
    ];
    for (const [url, payload] of cases) {
      const res = await post(url, payload);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(201);
    }
    const found = await t.app.inject({ method: 'GET', url: '/api/search?q=lone', headers: t.user.headers });
    expect(found.statusCode).toBe(200);
    expect(found.json().results.map((r: { type: string }) => r.type).sort()).toEqual(["event", "inbox", "inbox", "note"]);
  });

  it('answers an oversized body with 413', async () => {
    const res = await send(ROUTES[0]!, JSON.stringify({ title: 'x', description: 'a'.repeat(1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never fails on random JSON (fast-check, 500 per route)', async () => {
    const value = fc.jsonValue({ maxDepth: 4 });
    const shaped = fc.dictionary(
      fc.constantFrom('title', 'dueDate', 'startDate', 'time', 'priority', 'tags', 'parent', 'completed', 'email', 'password', 'name', 'code', 'token', 'clientId', 'mutations', 'cursor', 'limit', 'locale', 'timezone', 'weekStartDay', 'hasAcceptedTerms', '__proto__'),
      value,
    );
    for (const route of ROUTES.filter((r) => r.auth || r.url().endsWith('login'))) {
      await fc.assert(
        fc.asyncProperty(fc.oneof(value, shaped), async (body) => {
          expectClean(await send(route, JSON.stringify(body)), `${route.method} ${route.url()}`);
        }),
        { numRuns: 500, seed: 7 },
      );
    }
  }, 120_000);

  it('rejects bad path parameters and query strings without errors', async () => {
    for (const url of ['/api/tasks/%00', '/api/tasks/' + 'x'.repeat(300), '/api/tasks/..%2F..%2Fetc%2Fpasswd', '/api/tasks?limit=abc', '/api/tasks?limit=1e99&offset=-5', '/api/tasks/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.user.headers });
      expectClean(res, url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });
});

function expectSecurityHeaders(res: { headers: Record<string, unknown> }, what = '') {
  const csp = String(res.headers['content-security-policy']);
  for (const d of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp, what).toContain(d);
  }
  expect(csp, what).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(String(res.headers['strict-transport-security']), what).toMatch(/max-age=31536000/);
}

describe('response hardening', () => {
  it('sends the security headers and the strict CSP on API responses', async () => {
    const res = await t.callAs(null, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, version: expect.any(String), db: t.app.dbKind, store: 'ok', instance: expect.any(String) });
    expectSecurityHeaders(res);
  });

  it('answers a URL that does not decode with the error shape and the security headers', async () => {
    for (const url of ['/api/tasks/%E0%A4%A', '/api/notes/%E0%A4%A?q=x', '/api/tasks/%C0%80', '/api/tasks/%ZZ', '/api/nope/%E0%A4%A']) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, headers: t.user.headers, ...(method === 'PUT' ? { payload: { title: 'x' } } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json(), `${method} ${url}`).toEqual({ error: { code: 'BAD_URL', message: 'Malformed URL' } });
        expect(res.headers['cache-control'], url).toBe('no-store');
        expectSecurityHeaders(res, `${method} ${url}`);
      }
    }
  });

  it('answers an over-long path parameter with the error shape and the security headers', async () => {
    const res = await t.call('GET', `/api/tasks/${'x'.repeat(300)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: { code: 'URI_TOO_LONG', message: 'URL is too long' } });
    expectSecurityHeaders(res);
  });

  it('answers unknown API routes with the error shape', async () => {
    const res = await t.callAs(null, 'GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
  });
});
