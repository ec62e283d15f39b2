import type { FastifyInstance } from 'fastify';
import { registerSchema, sendCodeSchema, verifyEmailSchema } from '@adhd/shared/users/schema';
import { messageFor } from '@adhd/shared/validation/messages';
import { conflict, HttpError } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { storedPreferences, toPublicUser } from '../user/public-user.js';
import { isUniqueViolation } from '../user/repository.js';
import { assertCanSend, invalidCode, mailCode, removeUploads, type AuthContext } from './context.js';
import { pickLocale } from './mail-texts.js';
import { assertPasswordAllowed, hashPassword } from './passwords.js';

/** SPEC section 8, "Account Already Exists": only ever answered to a caller who proved the mailbox. */
const emailExists = () => conflict('EMAIL_EXISTS', 'User with this email already exists');
const invalidProof = () =>
  new HttpError(400, 'INVALID_VERIFICATION', 'Email verification failed', [
    { field: 'verificationToken', key: 'validation.invalid', message: messageFor('validation.invalid') },
  ]);

/**
 * Registration (SPEC section 4, two steps; CONTRACT.md "registration proof"): send a code, check it (which hands
 * the caller a single-use `verificationToken`), then register with that token. Whether an address has an account
 * is only ever told inside its mailbox, or to the caller who proved it with the mailed code.
 */
export function registerRoutes(app: FastifyInstance, ctx: AuthContext) {
  /**
   * Same answer for known and unknown emails, and every one gets a code: a registration code for a new
   * address, a verification code for an unverified account, and for a verified account a code whose mail also
   * says the account exists. The mail goes out in the background.
   */
  app.post('/api/auth/resend-verification', async (request) => {
    const body = parse(sendCodeSchema, request.body);
    // The registration screen asks for a new account's code: refused while registration is switched off.
    if (body.newUser === true) await app.features.assert('registration');
    const { email } = body;
    await assertCanSend(app, ctx, request, email);
    const user = await ctx.users.findByEmail(email);
    const locale = pickLocale(
      request,
      (request.body as { locale?: unknown }).locale,
      user ? storedPreferences(user).locale : undefined,
    );
    const verified = user?.email_verified === 1;
    await mailCode(app, request, ctx, {
      email,
      purpose: user && !verified ? 'verify' : 'register',
      locale,
      loginUrl: verified ? `${ctx.baseUrl(request)}/auth/login` : undefined,
    });
    request.log.info({ event: 'verification_requested' }, 'verification code requested');
    return { verificationSent: true };
  });

  /**
   * A right code proves the mailbox. Then: the signed-in owner of an unverified account has it verified; an
   * address with a verified account answers "Account Already Exists" (409); otherwise (no account, or an
   * unverified one that someone else may have squatted) the caller gets the registration proof.
   */
  app.post('/api/auth/verify-email', async (request) => {
    const { email, code } = parse(verifyEmailSchema, request.body);
    await app.limits.check(ctx.checkRules(request.ip));
    const row = await ctx.codes.checkCode(email, ['register', 'verify'], code);
    if (!row) {
      await app.limits.record('code_failed', { email, ip: request.ip });
      request.log.info({ event: 'code_failed' }, 'email code check failed');
      throw invalidCode();
    }
    const user = await ctx.users.findByEmail(email);
    const caller = await app.identify(request).catch(() => null);
    // A disabled account is never replaced by a new registration (it would revive the address).
    if (user && (user.email_verified === 1 || user.disabled)) {
      await ctx.codes.consume(row.id);
      request.log.info({ event: 'registration_exists', userId: user.id }, 'registration for an existing account');
      throw emailExists();
    }
    if (user && caller?.id === user.id) {
      await ctx.codes.consume(row.id);
      await ctx.users.update(user.id, { email_verified: 1 });
      request.log.info({ event: 'email_verified', userId: user.id }, 'email verified');
      return { verified: true };
    }
    const verificationToken = await ctx.codes.proveRegistration(row.id);
    request.log.info({ event: 'registration_code_verified' }, 'registration code verified');
    return { verified: true, verificationToken };
  });

  /**
   * Creates a verified account for the holder of a registration proof, and nothing without one. An unverified
   * account on the address (a squatter's, or an abandoned one) is replaced: the proof shows the mailbox is the
   * caller's.
   */
  app.post('/api/auth/register', async (request, reply) => {
    await app.features.assert('registration');
    const body = parse(registerSchema, request.body);
    assertPasswordAllowed('password', body.password);
    const { email } = body;
    const proof = await ctx.codes.findRegistrationProof(email, body.verificationToken);
    if (!proof) {
      await app.limits.record('code_failed', { email, ip: request.ip });
      throw invalidProof();
    }
    const existing = await ctx.users.findByEmail(email);
    if (existing && (existing.email_verified === 1 || existing.disabled)) throw emailExists();

    const passwordHash = await hashPassword(body.password, ctx.config.argon2);
    if (!(await ctx.codes.consume(proof.id))) throw invalidProof();
    const locale = pickLocale(request, body.locale);
    let created;
    try {
      created = await ctx.users.create({
        email,
        name: body.name,
        passwordHash,
        emailVerified: true,
        marketingConsent: body.marketingConsent,
        timezone: body.timezone ?? request.timeZone,
        weekStartDay: body.weekStartDay ?? 0,
        preferences: { locale },
        adminEmails: ctx.config.adminEmails,
        firstIsAdmin: !ctx.config.production,
        replaceUnverified: true,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw emailExists();
      throw err;
    }
    const { user, replaced } = created;
    if (replaced) {
      await removeUploads(ctx, replaced);
      request.log.info({ event: 'unverified_account_replaced', userId: replaced }, 'unverified account replaced');
    }
    const { token } = await app.sessions.start(request, reply, user.id);
    request.log.info({ event: 'register', userId: user.id, role: user.role }, 'account created');
    return reply.status(201).send({ user: toPublicUser(user), token });
  });
}
