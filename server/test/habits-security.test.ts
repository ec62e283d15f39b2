import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayInZone } from '@adhd/shared/time';
import { LEAKS, useServerTest, type SeededUser } from './kit.js';

/** Habits routes: each user sees only their own habits (404 for others' ids), and bad input is a clean 4xx. */

const srv = useServerTest({ user: false });
let owner: SeededUser;
let intruder: SeededUser;
let habitId: string;

beforeAll(async () => {
  owner = await srv.seedUser();
  intruder = await srv.seedUser();
  const res = await srv.callAs(owner, 'POST', '/api/habits', { title: 'Private habit' });
  habitId = res.json()._id;
});

const today = () => todayInZone(new Date(), 'UTC');

describe('habits: isolation between users', () => {
  it("answers 404 for another user's habit on every route and changes nothing", async () => {
    const routes = [
      { method: 'GET' as const, url: `/api/habits/${habitId}` },
      { method: 'PUT' as const, url: `/api/habits/${habitId}`, payload: { title: 'hacked' } },
      { method: 'POST' as const, url: `/api/habits/${habitId}/complete`, payload: { date: today(), status: 'complete' } },
      { method: 'GET' as const, url: `/api/habits/${habitId}/month/2025/0` },
      { method: 'DELETE' as const, url: `/api/habits/${habitId}` },
    ];
    for (const r of routes) {
      const res = await srv.app.inject({ ...r, headers: intruder.headers });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect((await srv.callAs(intruder, 'GET', '/api/habits')).json()).toEqual([]);
    expect((await srv.callAs(intruder, 'GET', '/api/habits/pending')).json()).toEqual([]);
    const mine = (await srv.callAs(owner, 'GET', `/api/habits/${habitId}`)).json();
    expect(mine).toMatchObject({ title: 'Private habit', completionHistory: [] });
    // Creating with the same client _id does not touch the owner's habit.
    const res = await srv.callAs(intruder, 'POST', '/api/habits', { _id: habitId, title: 'mine too' });
    expect(res.statusCode).toBe(201);
    expect((await srv.callAs(owner, 'GET', `/api/habits/${habitId}`)).json().title).toBe('Private habit');
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/habits', '/api/habits/pending', `/api/habits/${habitId}`, `/api/habits/${habitId}/month/2025/0`]) {
      expect((await srv.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('habits: malformed payloads', () => {
  const nasty = [
    '{"__proto__": {"admin": true}, "title": "x"}',
    '{"title": ' + '['.repeat(3000) + ']'.repeat(3000) + '}',
    '{"title": "x", "customFrequency": {"type": "days", "days": [1e400, -1, "a"]}}',
    '{"title": "x", "frequency": "custom", "customFrequency": {"type": "interval", "interval": 1e20}}',
    '{"title": 1e400, "isActive": "yes", "tags": {"$gt": ""}}',
    '{"date": "9999-99-99", "status": {"x": 1}}',
    '{"completionHistory": [{"date": null}], "title": "x"}',
    '{"completionHistory": "all"}',
    'null',
    '[]',
    '"just a string"',
    '{"title": "x"',
  ];
  const targets = () => [
    { method: 'POST' as const, url: '/api/habits' },
    { method: 'PUT' as const, url: `/api/habits/${habitId}` },
    { method: 'POST' as const, url: `/api/habits/${habitId}/complete` },
  ];

  it('answers every nasty body with a clean 4xx', async () => {
    for (const t of targets()) {
      for (const payload of nasty) {
        const res = await srv.app.inject({ ...t, headers: { ...owner.headers, 'content-type': 'application/json' }, payload });
        const what = `${t.method} ${t.url} ${payload.slice(0, 40)} → ${res.body.slice(0, 200)}`;
        // A partial update whose keys are all unknown is a harmless no-op; everything else is refused.
        const refused = t.method === 'POST' || /completionHistory|1e400|"title": \[|^\[\]|^"|"x"$/.test(payload);
        if (refused) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, what).toBeLessThan(500);
        expect(res.body).not.toMatch(LEAKS);
      }
    }
  });

  it('never answers 5xx for random JSON', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets()), fc.jsonValue(), async (t, body) => {
        const res = await srv.app.inject({ ...t, headers: { ...owner.headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).not.toMatch(LEAKS);
      }),
      { numRuns: 150 },
    );
  });

  it('answers 400 or 404 for odd month paths, never 5xx', async () => {
    for (const path of ['2025/12', '-1/0', '99999999999/1', '2025/01x', '%00/1', '2025/%20']) {
      const res = await srv.callAs(owner, 'GET', `/api/habits/${habitId}/month/${path}`);
      expect([400, 404]).toContain(res.statusCode);
    }
  });
});
