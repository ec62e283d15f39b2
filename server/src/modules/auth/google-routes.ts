import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { GoogleSignInConfig } from '@adhd/shared/google/types';
import { googleConnectSchema, googleSignInSchema, GOOGLE_SIGNIN_ERRORS as CODES } from '@adhd/shared/google/signin';
import { conflict, unauthorized } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { toPublicUser } from '../user/public-user.js';
import { isUniqueViolation, type UserRow } from '../user/repository.js';
import { accountDisabled, removeUploads, type AuthContext } from './context.js';
import {
  confirmLinkPassword,
  googleAccountInUse,
  googleClientId,
  googleConnectFailed,
  googleLoginFailed,
  termsRequired,
  verifiedIdentity,
} from './google-identity.js';
import { pickLocale } from './mail-texts.js';
import { signIn } from './session-routes.js';

/**
 * Google sign-in and linking (SPEC section 7, docs/google-signin.md). An ID token from Google Identity Services
 * proves a Google account (`sub`) and a mailbox Google verified. It signs in the account linked to that `sub`;
 * with no such account it creates one (terms accepted), unless an account already has the address: that one is
 * linked only after its own password is given once, so a Google account can never take over an account silently.
 */
export function googleRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.get('/api/auth/google/config', async (_request, reply): Promise<GoogleSignInConfig> => {
    reply.header('cache-control', 'no-cache');
    const clientId = ctx.config.googleClientId;
    return { available: clientId !== null, clientId };
  });

  /** Links `sub` to `user`; another account holding it (a race) is a 409. */
  async function link(user: UserRow, sub: string): Promise<UserRow> {
    try {
      await ctx.users.update(user.id, { google_account: sub });
    } catch (err) {
      if (isUniqueViolation(err)) throw googleAccountInUse();
      throw err;
    }
    return { ...user, google_account: sub };
  }

  const refuseDisabled = (request: FastifyRequest, user: UserRow) => {
    if (!user.disabled) return;
    request.log.info({ event: 'google_login_refused_disabled', userId: user.id }, 'Google sign-in refused: account disabled');
    throw accountDisabled();
  };

  app.post('/api/auth/google', async (request, reply) => {
    googleClientId(ctx);
    const body = parse(googleSignInSchema, request.body);
    const identity = await verifiedIdentity(ctx, request, body.token, googleLoginFailed);

    const linked = await ctx.users.findByGoogleAccount(identity.sub);
    if (linked) {
      refuseDisabled(request, linked);
      const answer = await signIn(app, request, reply, linked);
      request.log.info({ event: 'google_login_ok', userId: linked.id }, 'Google sign-in succeeded');
      return answer;
    }

    const existing = await ctx.users.findByEmail(identity.email);
    // An unverified account on the address proves nothing (anyone can type an address): Google proved the mailbox,
    // so as with a registration proof it is replaced by the new account below.
    if (existing && (existing.email_verified === 1 || existing.disabled)) {
      if (existing.google_account !== null || existing.password_hash === '') {
        // Linked to another Google account already (or without a password to confirm with): never linked here.
        request.log.info({ event: 'google_login_refused_linked_elsewhere', userId: existing.id }, 'Google sign-in refused');
        throw googleLoginFailed();
      }
      await confirmLinkPassword(app, ctx, request, existing, body.userData.password);
      refuseDisabled(request, existing);
      const user = await link(existing, identity.sub);
      request.log.info({ event: 'google_linked', userId: user.id, via: 'sign_in' }, 'Google account linked');
      return signIn(app, request, reply, user);
    }

    await app.features.assert('registration');
    if (body.userData.acceptTerms !== true) throw termsRequired();
    let created;
    try {
      created = await ctx.users.create({
        email: identity.email,
        name: body.userData.name ?? identity.name ?? identity.email.split('@')[0]!.slice(0, 100),
        passwordHash: '',
        emailVerified: true,
        marketingConsent: body.marketingConsent,
        timezone: body.timezone ?? request.timeZone,
        weekStartDay: body.weekStartDay ?? 0,
        preferences: { locale: pickLocale(request, body.locale) },
        adminEmails: ctx.config.adminEmails,
        firstIsAdmin: !ctx.config.production,
        replaceUnverified: true,
        googleAccount: identity.sub,
      });
    } catch (err) {
      // The same sign-in twice at once (a double tap): the other request created the account.
      if (!isUniqueViolation(err)) throw err;
      const winner = await ctx.users.findByGoogleAccount(identity.sub);
      if (!winner) throw conflict('EMAIL_EXISTS', 'User with this email already exists');
      return signIn(app, request, reply, winner);
    }
    const { user, replaced } = created;
    if (replaced) {
      await removeUploads(ctx, replaced);
      request.log.info({ event: 'unverified_account_replaced', userId: replaced }, 'unverified account replaced');
    }
    request.log.info({ event: 'register', userId: user.id, role: user.role, via: 'google' }, 'account created');
    return reply.status(201).send(await signIn(app, request, reply, user));
  });

  app.post('/api/auth/connect-google', { preHandler: app.authenticate }, async (request) => {
    googleClientId(ctx);
    const body = parse(googleConnectSchema, request.body);
    const user = request.auth ? await ctx.users.findById(request.auth.id) : undefined;
    if (!user) throw unauthorized();
    const identity = await verifiedIdentity(ctx, request, body.token, googleConnectFailed);
    const holder = await ctx.users.findByGoogleAccount(identity.sub);
    if (holder && holder.id !== user.id) {
      request.log.info({ event: 'google_link_refused_in_use', userId: user.id }, 'Google account linked to another user');
      throw googleAccountInUse();
    }
    if (holder) return { success: true, user: toPublicUser(user) };
    // A stolen session must not be able to add its own way in: linking is confirmed with the password.
    if (user.password_hash !== '') await confirmLinkPassword(app, ctx, request, user, body.userData.password);
    const updated = await link(user, identity.sub);
    request.log.info({ event: 'google_linked', userId: user.id, via: 'settings' }, 'Google account linked');
    return { success: true, user: toPublicUser(updated) };
  });

  /** Unlinks Google. Refused while Google is the only way in (no password yet). Works without GOOGLE_CLIENT_ID. */
  app.post('/api/auth/disconnect-google', { preHandler: app.authenticate }, async (request) => {
    const user = request.auth ? await ctx.users.findById(request.auth.id) : undefined;
    if (!user) throw unauthorized();
    if (user.password_hash === '') {
      throw conflict(CODES.noPassword, 'Set a password first: without Google it is the only way to sign in');
    }
    await ctx.users.update(user.id, { google_account: null });
    request.log.info({ event: 'google_unlinked', userId: user.id }, 'Google account unlinked');
    return { success: true, user: toPublicUser({ ...user, google_account: null }) };
  });
}
