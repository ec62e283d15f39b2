import { expect } from 'vitest';
import { todayInZone } from '@adhd/shared/time';
import type { Caller, Method, ServerTest } from './kit.js';

/** Requests to the habits API of a `useServerTest()` app, sent with an `x-timezone` (UTC unless given). */
export function habitsApi(srv: ServerTest) {
  const call = (method: Method, url: string, body?: unknown, tz = 'UTC', as: Caller = srv.user) => srv.callAs(as, method, url, body, { 'x-timezone': tz });
  /** Today's date in `tz`. */
  const today = (tz = 'UTC') => todayInZone(new Date(), tz);
  const createHabit = async (body: Record<string, unknown> = {}, tz = 'UTC') => {
    const res = await call('POST', '/api/habits', { title: 'Stretch', ...body }, tz);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const complete = (id: string, date: string, status = 'complete', tz = 'UTC') => call('POST', `/api/habits/${id}/complete`, { date, status }, tz);
  return { call, today, createHabit, complete };
}
