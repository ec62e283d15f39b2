import type { FastifyInstance } from 'fastify';
import { registerSchema, sendCodeSchema, verifyEmailSchema } from '@adhd/shared/users/schema';
import { conflict, HttpError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { storedPreferences, toPublicUser } from '../user/public-user.js';
import { isUniqueViolation } from '../user/repository.js';
import { assertCanSend, invalidCode, mailCode, type AuthContext } from './context.js';
import { accountExistsMail, pickLocale } from './mail-texts.js';
import { assertPasswordAllowed, hashPassword } from './passwords.js';

const emailExists = () => conflict('EMAIL_EXISTS', 'User with this email already exists');

/** Registration: send a code, check it, finish (SPEC section 4, two steps), or register in one call. */
export function registerRoutes(app: FastifyInstance, ctx: AuthContext) {
  /**
   * Same answer for known and unknown emails: a registration code for a new address, a verification code
   * for an unverified account, an "account exists" mail for a verified one. The mail goes out in the background.
   */
  app.post('/api/auth/resend-verification', async (request) => {
    const body = parse(sendCodeSchema, request.body);
    const { email } = body;
    await assertCanSend(app, ctx, request, email);
    const user = await ctx.users.findByEmail(email);
    const locale = pickLocale(
      request,
      (request.body as { locale?: unknown }).locale,
      user ? storedPreferences(user).locale : undefined,
    );
    if (!user) {
      await mailCode(app, ctx, request, email, 'register', locale);
    } else if (user.email_verified !== 1) {
      await mailCode(app, ctx, request, email, 'verify', locale);
    } else {
      await app.limits.record('code_sent', { email, ip: request.ip });
      app.mailer.queue(accountExistsMail(locale, email, `${ctx.baseUrl(request)}/auth/login`));
    }
    request.log.info({ event: 'verification_requested' }, 'verification code requested');
    return { verificationSent: true };
  });

  app.post('/api/auth/verify-email', async (request) => {
    const { email, code } = parse(verifyEmailSchema, request.body);
    await app.limits.check(ctx.checkRules(request.ip));
    const user = await ctx.users.findByEmail(email);
    const row = await ctx.codes.checkCode(email, user ? ['verify', 'register'] : ['register'], code);
    if (!row) {
      await app.limits.record('code_failed', { email, ip: request.ip });
      request.log.info({ event: 'code_failed' }, 'email code check failed');
      throw invalidCode();
    }
    if (user) {
      await ctx.codes.consume(row.id);
      await ctx.users.update(user.id, { email_verified: 1 });
      request.log.info({ event: 'email_verified', userId: user.id }, 'email verified');
    } else {
      // No account yet: remember the proof so `register` within 30 minutes creates a verified account.
      await ctx.codes.markVerified(row.id);
      request.log.info({ event: 'registration_code_verified' }, 'registration code verified');
    }
    return { verified: true };
  });

  app.post('/api/auth/register', async (request, reply) => {
    const body = parse(registerSchema, request.body);
    assertPasswordAllowed('password', body.password);
    const { email } = body;
    if (await ctx.users.findByEmail(email)) throw emailExists();

    let proofId: string | null = null;
    if (body.code !== undefined) {
      await app.limits.check(ctx.checkRules(request.ip));
      const row = await ctx.codes.checkCode(email, ['register'], body.code);
      if (!row) {
        await app.limits.record('code_failed', { email, ip: request.ip });
        throw invalidCode();
      }
      proofId = row.id;
    } else {
      proofId = (await ctx.codes.findRegistrationProof(email))?.id ?? null;
    }

    const passwordHash = await hashPassword(body.password, ctx.config.argon2);
    const locale = pickLocale(request, body.locale);
    let user;
    try {
      user = await ctx.users.create({
        email,
        name: body.name,
        passwordHash,
        emailVerified: proofId !== null,
        marketingConsent: body.marketingConsent,
        timezone: body.timezone ?? request.timeZone,
        weekStartDay: body.weekStartDay ?? 0,
        preferences: { locale },
        adminEmails: ctx.config.adminEmails,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailExists();
      throw err;
    }
    if (proofId) {
      await ctx.codes.consume(proofId);
    } else {
      // Unverified: mail a code unless one went out in the last minute (that one still verifies).
      try {
        await assertCanSend(app, ctx, request, email);
        await mailCode(app, ctx, request, email, 'verify', locale);
      } catch (err) {
        if (!(err instanceof HttpError && err.statusCode === 429)) throw err;
      }
    }
    const { token } = await app.sessions.start(request, reply, user.id);
    request.log.info({ event: 'register', userId: user.id, role: user.role, verified: proofId !== null }, 'account created');
    return reply.status(201).send({ user: toPublicUser(user), token });
  });
}
