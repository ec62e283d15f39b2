import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '@adhd/shared/users/schema';
import { messageFor } from '@adhd/shared/validation/messages';
import { HttpError, unauthorized } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { storedPreferences } from '../user/public-user.js';
import { RESEND_AFTER_MS } from './codes.js';
import { invalidToken, type AuthContext } from './context.js';
import { pickLocale, resetMail } from './mail-texts.js';
import { assertPasswordAllowed, hashPassword, verifyPassword } from './passwords.js';

const wrongCurrentPassword = () =>
  new HttpError(400, 'INVALID_PASSWORD', 'Current password is incorrect', [
    { field: 'currentPassword', key: 'validation.invalid', message: messageFor('validation.invalid') },
  ]);

/** Forgotten password (mail a link), reset with the link, and change while signed in. */
export function passwordRoutes(app: FastifyInstance, ctx: AuthContext) {
  /**
   * Always `{ success: true }`. The lookup, the token and the mail happen in the background, so known and
   * unknown emails answer with the same body after the same work. One link per email per minute.
   */
  app.post('/api/auth/forgot-password', async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    await app.limits.check(ctx.sendRules(request.ip));
    const last = await app.limits.lastAt('reset_sent', 'email', email);
    await app.limits.record('reset_sent', { email, ip: request.ip });
    if (last === null || Date.now() - last >= RESEND_AFTER_MS) {
      const base = ctx.baseUrl(request);
      const requestLocale = (request.body as { locale?: unknown }).locale;
      app.mailer.queue(async () => {
        const user = await ctx.users.findByEmail(email);
        if (!user || user.disabled) return null;
        const token = await ctx.codes.issueResetToken(email);
        const locale = pickLocale(request, requestLocale, storedPreferences(user).locale);
        return resetMail(locale, email, `${base}/auth/reset-password?token=${encodeURIComponent(token)}`);
      });
    }
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
    await app.limits.clear('login_failed', 'email', user.email);
    request.log.info({ event: 'password_reset', userId: user.id }, 'password reset');
    return { success: true };
  });

  /**
   * New password for the signed-in user. Every session ends (so every earlier token stops working) and a new
   * one starts for this client. `currentPassword`, when sent, must match (counted like a failed login).
   */
  app.put('/api/auth/password', { preHandler: app.authenticate }, async (request, reply) => {
    const body = parse(changePasswordSchema, request.body);
    const user = request.auth ? await ctx.users.findById(request.auth.id) : undefined;
    if (!user) throw unauthorized();
    if (body.currentPassword !== undefined) {
      const attempt = await app.limits.reserve(ctx.loginRules(request.ip, user.email), 'login_failed', {
        email: user.email,
        ip: request.ip,
      });
      if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
        request.log.info({ event: 'password_change_failed', userId: user.id }, 'current password wrong');
        throw wrongCurrentPassword();
      }
      await app.limits.release(attempt);
    }
    assertPasswordAllowed('newPassword', body.newPassword);
    await ctx.users.update(user.id, { password_hash: await hashPassword(body.newPassword, ctx.config.argon2) });
    await app.sessions.endAll(user.id);
    const { token } = await app.sessions.start(request, reply, user.id);
    request.log.info({ event: 'password_changed', userId: user.id }, 'password changed');
    return { success: true, token };
  });
}
