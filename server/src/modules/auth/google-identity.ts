import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messageFor } from '@adhd/shared/validation/messages';
import { GOOGLE_SIGNIN_ERRORS as CODES } from '@adhd/shared/google/signin';
import { conflict, HttpError } from '../../lib/errors.js';
import { GoogleTokenError, verifyGoogleIdToken, type GoogleIdentity } from '../../lib/google-id-token.js';
import type { UserRow } from '../user/repository.js';
import { confirmPassword, type AuthContext } from './context.js';

/** SPEC section 8 fallbacks: one message for every refused token, never saying why. */
export const googleLoginFailed = () => new HttpError(401, CODES.loginFailed, 'Google login failed');
/** 400, not 401: the caller is signed in, and a client reads a 401 on a signed-in call as "the session ended". */
export const googleConnectFailed = () => new HttpError(400, CODES.connectFailed, 'Failed to connect Google account');
export const googleUnavailable = () => new HttpError(503, CODES.unavailable, 'Google sign-in is not configured on this server');
export const googleAccountInUse = () =>
  conflict(CODES.accountInUse, 'This Google account is already linked to another account');
export const termsRequired = () =>
  conflict(CODES.termsRequired, 'Accept the terms to create your account with Google');

/**
 * 409 asking for the existing account's password (once, to link it). With `wrong`, a password was given and was
 * not right: the detail names the field so the form can say so there.
 */
export const passwordRequired = (wrong: boolean) =>
  new HttpError(
    409,
    CODES.passwordRequired,
    'An account with this email already exists. Enter its password once to link Google to it',
    wrong ? [{ field: 'password', key: 'validation.invalid', message: messageFor('validation.invalid') }] : undefined,
  );

/** The configured client id, or 503 GOOGLE_UNAVAILABLE. */
export function googleClientId(ctx: AuthContext): string {
  const id = ctx.config.googleClientId;
  if (!id) throw googleUnavailable();
  return id;
}

/**
 * The verified identity of an ID token; any refusal is logged with its reason (never the token) and thrown as
 * `refusal()` (401 with the route's message).
 */
export async function verifiedIdentity(
  ctx: AuthContext,
  request: FastifyRequest,
  token: string,
  refusal: () => HttpError,
): Promise<GoogleIdentity> {
  const clientId = googleClientId(ctx);
  try {
    return await verifyGoogleIdToken(token, { certsUrl: ctx.config.googleUrls.certs, clientId });
  } catch (err) {
    if (!(err instanceof GoogleTokenError)) throw err;
    request.log.info({ event: 'google_token_refused', reason: err.reason }, 'Google ID token refused');
    throw refusal();
  }
}

/**
 * The password of `user` given to link a Google account: `confirmPassword`, checked and counted like a login
 * attempt (the same per-account and per-address limits, so this cannot guess passwords faster than login), but
 * answered as this flow's 409: missing asks for it; wrong names the field. An account without a password has
 * nothing to confirm with: it never gets here (it is linked already).
 */
export async function confirmLinkPassword(
  app: FastifyInstance,
  ctx: AuthContext,
  request: FastifyRequest,
  user: UserRow,
  password: string | undefined,
): Promise<void> {
  if (!password) throw passwordRequired(false);
  try {
    await confirmPassword(app, ctx, request, user, { field: 'password', password });
  } catch (err) {
    if (!(err instanceof HttpError) || err.code !== 'INVALID_PASSWORD') throw err;
    request.log.info({ event: 'google_link_password_failed', userId: user.id }, 'Google link: password wrong');
    throw passwordRequired(true);
  }
}

/**
 * Confirms an account change (deletion) of an account without a password: a fresh ID token of the Google account
 * linked to it. Missing or wrong → 400 naming `googleToken`.
 */
export async function confirmGoogle(ctx: AuthContext, request: FastifyRequest, user: UserRow, token: string | undefined): Promise<void> {
  const refused = () =>
    new HttpError(400, 'INVALID_GOOGLE_CONFIRMATION', 'Confirm with the Google account linked to this account', [
      { field: 'googleToken', key: 'validation.invalid', message: messageFor('validation.invalid') },
    ]);
  if (!token || !user.google_account) throw refused();
  const identity = await verifiedIdentity(ctx, request, token, refused);
  if (identity.sub !== user.google_account) throw refused();
}
