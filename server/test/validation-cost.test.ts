import { beforeAll, describe, expect, it } from 'vitest';
import { useServerTest } from './kit.js';

/**
 * Issue 12, point 1, over HTTP: the review's exact payloads are refused at once instead of holding the event
 * loop (a 64k-dot email: 5.0 s per unauthenticated request; a `time` of 200k blanks: 32.9 s over REST and
 * 41.9 s inside a push's write transaction).
 */

/** Generous for a machine under load; the old patterns needed seconds for these inputs. */
const QUICK_MS = 250;

const dottedEmail = 'a@' + '.'.repeat(64_000) + '@';
const blankTimes = ['1:00' + ' '.repeat(200_000) + 'x', ' '.repeat(200_000) + '1:00 x', ' '.repeat(200_000)];

const t = useServerTest();
let headers: { authorization: string };

beforeAll(async () => {
  headers = t.user.headers;
  // The first request of a fresh app pays for compiling its code paths; that is not what is measured here.
  for (const url of ['/api/auth/login', '/api/auth/resend-verification', '/api/auth/forgot-password', '/api/auth/register', '/api/auth/verify-email']) {
    await t.app.inject({ method: 'POST', url, payload: { email: 'x' } });
  }
  await t.callAs(null, 'POST', '/api/tasks', { title: 'x', time: 'x' }, headers);
});

async function timed(method: 'POST' | 'PUT', url: string, payload: unknown, auth = false) {
  const started = performance.now();
  const res = await t.app.inject({ method, url, payload: payload as object, headers: auth ? headers : {} });
  return { res, ms: performance.now() - started };
}

describe('the review payloads are refused quickly', () => {
  it.each([
    ['/api/auth/login', { email: dottedEmail, password: 'whatever-password' }],
    ['/api/auth/resend-verification', { email: dottedEmail }],
    ['/api/auth/forgot-password', { email: dottedEmail }],
    ['/api/auth/register', { email: dottedEmail, password: 'violet-otter-bakes-42-pies', name: 'N', hasAcceptedTerms: true }],
    ['/api/auth/verify-email', { email: dottedEmail, code: '123456' }],
  ])('%s with a 64k-dot email: 400 naming the email', async (url, payload) => {
    const { res, ms } = await timed('POST', url, payload);
    expect(res.statusCode).toBe(400);
    // Longer than any address: refused by the length gate before any pattern runs.
    expect(res.json().error).toMatchObject({ code: 'VALIDATION', message: 'This field must be at most 254 characters' });
    expect(res.json().error.details).toContainEqual(expect.objectContaining({ field: 'email', key: 'validation.maxLength' }));
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it.each(blankTimes.map((time, i) => [i, time] as const))('POST /api/tasks with a time of 200k blanks (%i): 400 naming the time', async (_, time) => {
    const { res, ms } = await timed('POST', '/api/tasks', { title: 'x', time }, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ field: 'time', key: 'validation.invalidTime' })]);
    expect(ms).toBeLessThan(QUICK_MS);
  });

  it('a push whose task.create has such a time: the mutation is rejected, quickly', async () => {
    const mutations = blankTimes.map((time, i) => ({ id: i + 1, name: 'task.create', args: { id: `t-${i}`, title: 'x', time } }));
    const { res, ms } = await timed('POST', '/api/sync/push', { clientId: 'client-abcdefgh', mutations }, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual(
      mutations.map((m) => expect.objectContaining({ id: m.id, status: 'rejected', code: 'VALIDATION' })),
    );
    expect(ms).toBeLessThan(QUICK_MS * blankTimes.length);
  });
});
