import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import { HttpError, tooManyRequests } from '../../lib/errors.js';
import type { LimitRule } from '../../plugins/rate-limit.js';
import { usersRepository } from '../user/repository.js';
import { RESEND_AFTER_MS, emailCodesRepository } from './codes.js';
import { codeMail, type MailLocale } from './mail-texts.js';

const TEN_MINUTES = 10 * 60_000;
const ONE_HOUR = 3600_000;

export const invalidCredentials = () => new HttpError(401, 'INVALID_CREDENTIALS', 'Incorrect email or password');
export const invalidCode = () => new HttpError(400, 'INVALID_CODE', 'Email verification failed');
export const invalidToken = () => new HttpError(400, 'INVALID_TOKEN', 'Invalid or expired reset link');

/** What every auth route needs: configuration, repositories and the limit rules. */
export function authContext(app: FastifyInstance, config: AppConfig) {
  const limits = config.rateLimits;
  return {
    config,
    users: usersRepository(app.db),
    codes: emailCodesRepository(app.db),

    /** Failed logins: per IP in 10 minutes, per account in an hour (ASVS 2.2.1: at most 100). */
    loginRules: (ip: string, email: string): LimitRule[] => [
      { kinds: ['login_failed'], by: 'ip', value: ip, windowMs: TEN_MINUTES, max: limits.failedLoginsPerIp10m },
      { kinds: ['login_failed'], by: 'email', value: email, windowMs: ONE_HOUR, max: limits.failedLoginsPerAccountHour },
    ],
    /** Code and reset-mail sends per IP. */
    sendRules: (ip: string): LimitRule[] => [
      { kinds: ['code_sent', 'reset_sent'], by: 'ip', value: ip, windowMs: TEN_MINUTES, max: limits.codeSendsPerIp10m },
    ],
    /** Failed code and reset-link checks per IP. */
    checkRules: (ip: string): LimitRule[] => [
      { kinds: ['code_failed'], by: 'ip', value: ip, windowMs: TEN_MINUTES, max: limits.codeChecksPerIp10m },
    ],

    /** Base of links in mail: PUBLIC_URL, else the request's own origin (set PUBLIC_URL in production). */
    baseUrl(request: FastifyRequest): string {
      if (config.publicUrl) return config.publicUrl;
      const host = /^[A-Za-z0-9.\-[\]:]{1,255}$/.test(request.host) ? request.host : 'localhost';
      return `${request.protocol}://${host}`;
    },
  };
}

export type AuthContext = ReturnType<typeof authContext>;

/** Seconds until a new code may be sent to this email, or 0. */
export async function resendWait(app: FastifyInstance, email: string): Promise<number> {
  const last = await app.limits.lastAt('code_sent', 'email', email);
  const wait = last === null ? 0 : last + RESEND_AFTER_MS - Date.now();
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

/** 429 when this email had a code within 60 s or this IP is over its send limit (checked before any lookup). */
export async function assertCanSend(app: FastifyInstance, ctx: AuthContext, request: FastifyRequest, email: string) {
  const wait = await resendWait(app, email);
  if (wait > 0) throw tooManyRequests(wait);
  await app.limits.check(ctx.sendRules(request.ip));
}

/** Count the send, issue a verification code and mail it in the background. */
export async function mailCode(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  email: string,
  purpose: 'register' | 'verify',
  locale: MailLocale,
): Promise<void> {
  await app.limits.record('code_sent', { email, ip: request.ip });
  const code = await ctx.codes.issueCode(email, purpose);
  app.mailer.queue(codeMail(locale, email, code));
}
