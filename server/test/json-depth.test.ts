import { monitorEventLoopDelay } from 'node:perf_hooks';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../src/app.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../src/plugins/json-body.js';
import { useServerTest } from './kit.js';

/**
 * Issue 12 (points 1 and 7): a 1 MiB body of nested arrays blocked the event loop ~100 ms inside JSON.parse
 * before any validation ran. Bodies nested deeper than MAX_JSON_DEPTH are refused before they are parsed.
 */
const t = useServerTest();
let headers: Record<string, string>;
beforeAll(() => {
  headers = { authorization: `Bearer ${t.user.token}`, 'content-type': 'application/json' };
});

/** Nesting depth as JSON.parse sees it (the reference for the scanner). */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === 'object') return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('JSON nesting limit', () => {
  it('counts nesting like JSON.parse, ignoring brackets, quotes and backslashes inside strings', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 8 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(jsonTooDeep(text, max)).toBe(depthOf(value) > max);
      }),
      { numRuns: 2000 },
    );
    expect(jsonTooDeep(JSON.stringify({ a: '[[[[\\"{{{{' }), 1)).toBe(false);
    expect(jsonTooDeep(JSON.stringify(['\\', ['\\"[']]), 2)).toBe(false);
  });

  it('refuses a 1 MiB body of nested arrays with 400 at once, on every JSON route', async () => {
    const depth = Math.floor((BODY_LIMIT - 20) / 2);
    const body = `{"title":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    for (const url of ['/api/tasks', '/api/sync/push', '/api/auth/login']) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url, headers, payload: body });
      // Generous bounds: they catch a body that is parsed or walked in full (seconds), not a busy machine.
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION', message: `Request body is nested more than ${MAX_JSON_DEPTH} levels deep` } });
    }
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(1000);
  });

  it('still parses real bodies and still refuses prototype poisoning', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/tasks', headers, payload: { title: 'Nested [[{{ "in" a string' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().title).toBe('Nested [[{{ "in" a string');
    const poisoned = await t.app.inject({ method: 'POST', url: '/api/tasks', headers, payload: '{"title":"x","__proto__":{"admin":true}}' });
    expect(poisoned.statusCode).toBe(400);
  });
});
