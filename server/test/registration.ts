import type { FastifyInstance } from 'fastify';
import { afterEach, vi } from 'vitest';
import { TEST_PASSWORD, verificationTokenFor } from './helpers.js';

/**
 * Helpers for the registration and email-code tests of one app (`t.app` is read when a helper runs). Registers
 * an `afterEach` that brings back real timers, since `freezeTime` fakes `Date`.
 */
export function registrationApi(t: { readonly app: FastifyInstance }) {
  afterEach(() => {
    vi.useRealTimers();
  });
  let n = 0;
  const freshEmail = () => `reg-${++n}-${Date.now()}@example.com`;
  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  const registration = (email: string, extra: object = {}) => ({
    email,
    password: TEST_PASSWORD,
    name: 'Ann',
    timezone: 'Europe/Berlin',
    weekStartDay: 1,
    marketingConsent: false,
    hasAcceptedTerms: true,
    ...extra,
  });
  const sendCode = (email: string) =>
    post('/api/auth/resend-verification', { email, newUser: true, userName: 'Ann', marketingConsent: false, hasAcceptedTerms: true });
  /** The fields a 400 answer's details name, in order (none when it has no details). */
  const fields = (res: { json(): unknown }) =>
    ((res.json() as { error: { details?: { field: string; key: string }[] } }).error.details ?? []).map((d) => d.field);
  /** A registration body with a fresh registration proof for its email. */
  const proven = async (email: string, extra: object = {}) => registration(email, { verificationToken: await verificationTokenFor(t.app, email), ...extra });
  const codesFor = (email: string) => t.app.db.selectFrom('email_codes').selectAll().where('email', '=', email).execute();
  const userRow = (email: string) => t.app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const freezeTime = () => vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  return { freshEmail, post, registration, sendCode, fields, proven, codesFor, userRow, freezeTime };
}
