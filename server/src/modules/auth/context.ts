import { rm } from 'node:fs/promises';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import { HttpError, tooManyRequests } from '../../lib/errors.js';
import type { LimitKey, LimitRule } from '../../plugins/rate-limit.js';
import { messageFor } from '@adhd/shared/validation/messages';
import { usersRepository, type UserRow } from '../user/repository.js';
import { RESEND_AFTER_MS, emailCodesRepository } from './codes.js';
import { accountExistsMail, codeMail, type MailLocale } from './mail-texts.js';
import { verifyPassword } from './passwords.js';

const MINUTE = 60_000;
const TEN_MINUTES = 10 * MINUTE;
const FIFTEEN_MINUTES = 15 * MINUTE;
const ONE_HOUR = 60 * MINUTE;

export const invalidCredentials = () => new HttpError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password');
export const accountDisabled = () =>
  new HttpError(403, 'ACCOUNT_DISABLED', 'This account has been disabled. Please contact the administrator.');
export const invalidCode = () => new HttpError(400, 'INVALID_CODE', 'Email verification failed');
export const invalidToken = () => new HttpError(400, 'INVALID_TOKEN', 'Invalid or expired reset link');

/** What every auth route needs: configuration, repositories and the limit rules. */
export function authContext(app: FastifyInstance, config: AppConfig) {
  const limits = config.rateLimits;
  return {
    config,
    users: usersRepository(app.db),
    codes: emailCodesRepository(app.db),

    /**
     * Failed logins. First per (account, address): after 10 in 15 minutes that pair waits one minute, doubling per
     * further failure up to an hour, while the owner at another address is not affected. Then per address (10
     * minutes) and, for the worst case of many addresses, per account (ASVS 2.2.1: at most 100 an hour).
     */
    loginRules: (ip: string, email: string): LimitRule[] => [
      {
        kinds: ['login_failed'],
        key: { email, ip },
        windowMs: FIFTEEN_MINUTES,
        max: limits.failedLoginsPerAccountIp15m,
        backoff: { firstMs: MINUTE, maxMs: ONE_HOUR },
      },
      { kinds: ['login_failed'], key: { ip }, windowMs: TEN_MINUTES, max: limits.failedLoginsPerIp10m },
      { kinds: ['login_failed'], key: { email }, windowMs: ONE_HOUR, max: limits.failedLoginsPerAccountHour },
    ],
    /** Code mails sent and reset mails asked for, per IP. */
    sendRules: (ip: string): LimitRule[] => [
      { kinds: ['code_sent', 'reset_requested'], key: { ip }, windowMs: TEN_MINUTES, max: limits.codeSendsPerIp10m },
    ],
    /** Failed code and reset-link checks per IP. */
    checkRules: (ip: string): LimitRule[] => [
      { kinds: ['code_failed'], key: { ip }, windowMs: TEN_MINUTES, max: limits.codeChecksPerIp10m },
    ],

    /**
     * Base of links in mail: PUBLIC_URL (required in production). Without it (development only) the request's
     * `Host` is used when it names a loopback address, never `X-Forwarded-Host` and never any other host, so a
     * forged header cannot put someone else's site into a mail; otherwise `http://localhost:PORT`.
     */
    baseUrl: (request: FastifyRequest): string => publicBaseUrl(config, request),
  };
}

/**
 * The app's public base URL: PUBLIC_URL (required in production), else (development only) the request's own
 * loopback `Host`, else `http://localhost:PORT`. Links in mail and the Google OAuth redirect URI are built from it.
 */
export function publicBaseUrl(config: Pick<AppConfig, 'publicUrl' | 'port'>, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const host = loopbackHost(request.headers.host);
  return host ? `${request.protocol}://${host}` : `http://localhost:${config.port}`;
}

/** `host[:port]` when the raw Host header names localhost, 127.0.0.0/8 or [::1]; otherwise null. */
export function loopbackHost(header: string | undefined): string | null {
  if (!header || !/^[A-Za-z0-9.\-[\]:]{1,300}$/.test(header)) return null;
  let url: URL;
  try {
    url = new URL(`http://${header}`);
  } catch {
    return null;
  }
  const name = url.hostname;
  const loopback = name === 'localhost' || name === '[::1]' || (isIPv4(name) && name.startsWith('127.'));
  return loopback ? url.host : null;
}

export type AuthContext = ReturnType<typeof authContext>;

/** 400 naming `field`: the password given to confirm an account change is missing or wrong. */
export const wrongPassword = (field: string) =>
  new HttpError(400, 'INVALID_PASSWORD', 'Current password is incorrect', [
    { field, key: 'validation.invalid', message: messageFor('validation.invalid') },
  ]);

/**
 * The signed-in user's password, given again to confirm a change (password change, account deletion). Each
 * check is reserved and counted like a login attempt, so it cannot be used to guess the password faster.
 */
export async function confirmPassword(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  given: { field: string; password: string | undefined },
): Promise<void> {
  if (given.password === undefined || given.password === '') throw wrongPassword(given.field);
  const key = { email: user.email, ip: request.ip };
  const password = given.password;
  const ok = await checkPassword(app, ctx.loginRules(request.ip, user.email), key, async () => (user.password_hash !== '' && (await verifyPassword(user.password_hash, password))) || null);
  if (!ok) {
    request.log.info({ event: 'password_confirm_failed', userId: user.id }, 'password confirmation wrong');
    throw wrongPassword(given.field);
  }
}

/**
 * A password check under the login rules (`Limits.begin`): `check` answers what it proved, or null for a wrong
 * password; null, or an error thrown by `check`, counts as a failed login.
 */
export async function checkPassword<T>(app: FastifyInstance, rules: LimitRule[], key: LimitKey, check: () => Promise<T | null>): Promise<T | null> {
  const attempt = await app.limits.begin(rules, 'login_failed', key);
  let result: T | null = null;
  try {
    result = await check();
  } finally {
    if (result === null) await attempt.failed();
    else await attempt.succeeded();
  }
  return result;
}

/** Deletes an account's uploads folder (its rows go by ON DELETE CASCADE). */
export async function removeUploads(ctx: AuthContext, userId: string): Promise<void> {
  // The id comes from our own database (a UUID), never from the request.
  if (!/^[A-Za-z0-9-]+$/.test(userId)) return;
  await rm(path.join(ctx.config.dataDir, 'uploads', userId), { recursive: true, force: true });
}

/** Seconds until a new code may be sent to this email, or 0. */
export async function resendWait(app: FastifyInstance, email: string): Promise<number> {
  const last = await app.limits.lastAt('code_sent', { email });
  const wait = last === null ? 0 : last + RESEND_AFTER_MS - Date.now();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** 429 when this email had a code within 60 s or this IP is over its send limit (checked before any lookup). */
export async function assertCanSend(app: FastifyInstance, ctx: AuthContext, request: FastifyRequest, email: string) {
  const wait = await resendWait(app, email);
  if (wait > 0) throw tooManyRequests(wait);
  await app.limits.check(ctx.sendRules(request.ip));
}

/**
 * Count the send, issue a verification code and mail it in the background: a plain code mail, or (`loginUrl`
 * given, the address has an account) the code with the news that the account exists.
 */
export async function mailCode(
  app: FastifyInstance,
  request: FastifyRequest,
  ctx: AuthContext,
  mail: { email: string; purpose: 'register' | 'verify'; locale: MailLocale; loginUrl?: string },
): Promise<void> {
  const { email, locale, loginUrl } = mail;
  await app.limits.record('code_sent', { email, ip: request.ip });
  const code = await ctx.codes.issueCode(email, mail.purpose);
  app.mailer.queue(loginUrl ? accountExistsMail(locale, email, code, loginUrl) : codeMail(locale, email, code));
}
