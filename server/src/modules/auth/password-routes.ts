import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '@adhd/shared/users/schema';
import { HttpError, unauthorized } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { storedPreferences } from '../user/public-user.js';
import { RESEND_AFTER_MS } from './codes.js';
import { confirmPassword, invalidToken, type AuthContext } from './context.js';
import { pickLocale, resetMail } from './mail-texts.js';
import { assertPasswordAllowed, hashPassword } from './passwords.js';

/** Forgotten password (mail a link), reset with the link, and change while signed in. */
export function passwordRoutes(app: FastifyInstance, ctx: AuthContext) {
  /**
   * Always `{ success: true }` with the same work up front: known and unknown emails look alike. The lookup,
   * the token and the mail happen in the background. The per-email throttle counts mails sent (at most one link
   * per email per minute), so requests that sent nothing never hold back the next mail; the per-IP limit counts
   * requests.
   */
  app.post('/api/auth/forgot-password', async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    await app.limits.check(ctx.sendRules(request.ip));
    await app.limits.record('reset_requested', { ip: request.ip });
    const base = ctx.baseUrl(request);
    const requestLocale = (request.body as { locale?: unknown }).locale;
    app.mailer.queue(async () => {
      const user = await ctx.users.findByEmail(email);
      if (!user || user.disabled) return null;
      // Check and count the send in one step, so two simultaneous requests cannot both mail.
      const oneAMinute = { kinds: ['reset_sent' as const], key: { email }, windowMs: RESEND_AFTER_MS, max: 1 };
      const counted = await app.limits.reserve([oneAMinute], 'reset_sent', { email }).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 429) return null;
        throw err;
      });
      if (counted === null) return null;
      const token = await ctx.codes.issueResetToken(email);
      const locale = pickLocale(request, requestLocale, storedPreferences(user).locale);
      return resetMail(locale, email, `${base}/auth/reset-password?token=${encodeURIComponent(token)}`);
    });
    request.log.info({ event: 'password_reset_requested' }, 'password reset requested');
    return { success: true };
  });

  /** A valid link sets the password, proves the mailbox, ends every session and lifts the failed-login count. */
  app.post('/api/auth/reset-password', async (request) => {
    const body = parse(resetPasswordSchema, request.body);
    await app.limits.check(ctx.checkRules(request.ip));
    const row = await ctx.codes.findResetToken(body.token);
    const user = row ? await ctx.users.findByEmail(row.email) : undefined;
    if (!row || !user || user.disabled) {
      await app.limits.record('code_failed', { ip: request.ip });
      request.log.info({ event: 'password_reset_failed' }, 'password reset link refused');
      throw invalidToken();
    }
    assertPasswordAllowed('password', body.password);
    const passwordHash = await hashPassword(body.password, ctx.config.argon2);
    if (!(await ctx.codes.consume(row.id))) throw invalidToken();
    await ctx.users.update(user.id, { password_hash: passwordHash, email_verified: 1 });
    await ctx.codes.deleteFor(user.email, ['reset']);
    await app.sessions.endAll(user.id);
    await app.limits.clear('login_failed', { email: user.email });
    request.log.info({ event: 'password_reset', userId: user.id }, 'password reset');
    return { success: true };
  });

  /**
   * New password for the signed-in user, confirmed with `currentPassword` (CONTRACT.md "account"; counted like a
   * login attempt), which an account without a password yet (created through Google) does not need. This session is renewed (its earlier tokens stop working) and answers a fresh token; with
   * `signOutOthers` every other session ends too (ASVS 7.4.3).
   */
  app.put('/api/auth/password', { preHandler: app.authenticate }, async (request, reply) => {
    const body = parse(changePasswordSchema, request.body);
    const auth = request.auth;
    const user = auth ? await ctx.users.findById(auth.id) : undefined;
    if (!auth || !user) throw unauthorized();
    // An account created through Google has no password yet (''): its first one needs no current password.
    const first = user.password_hash === '';
    if (!first) await confirmPassword(app, ctx, request, user, { field: 'currentPassword', password: body.currentPassword });
    assertPasswordAllowed('newPassword', body.newPassword);
    await ctx.users.update(user.id, { password_hash: await hashPassword(body.newPassword, ctx.config.argon2) });
    if (body.signOutOthers) await app.sessions.endAll(user.id);
    else await app.sessions.end(auth.sessionId);
    const { token } = await app.sessions.start(request, reply, user.id);
    request.log.info({ event: first ? 'password_set' : 'password_changed', userId: user.id, signOutOthers: body.signOutOthers === true }, 'password changed');
    return { success: true, token };
  });
}
