import { z } from 'zod/mini';
import { boundedString, emailSchema, localeSchema, requiredString, timeZoneSchema, weekStartDaySchema } from '../validation/fields.js';
import { nameSchema } from '../users/schema.js';

/**
 * Bodies of the Google sign-in routes (SPEC section 7; docs/google-signin.md). `token` is the ID token (a JWT)
 * Google Identity Services handed the page; the server verifies it against Google's keys.
 */
const idToken = requiredString(8192);

/** What the sign-in screen adds when the server asks for it (409 GOOGLE_TERMS_REQUIRED / GOOGLE_PASSWORD_REQUIRED). */
export const googleUserDataSchema = z.object({
  name: z.optional(nameSchema),
  acceptTerms: z.optional(z.boolean('validation.invalid')),
  /** The password of the existing account with the same email, given once to link it. */
  password: z.optional(boundedString(1024)),
});
export type GoogleUserData = z.infer<typeof googleUserDataSchema>;

/** `POST /api/auth/google`; timezone, weekStartDay and locale as `/api/auth/register` takes them (for a new account). */
export const googleSignInSchema = z.object({
  token: idToken,
  userData: z._default(googleUserDataSchema, {}),
  marketingConsent: z._default(z.boolean('validation.invalid'), false),
  timezone: z.optional(timeZoneSchema),
  weekStartDay: z.optional(weekStartDaySchema),
  locale: z.optional(localeSchema),
});
export type GoogleSignInBody = z.input<typeof googleSignInSchema>;

/** `POST /api/auth/connect-google`: `userData.password` confirms the link when the account has a password. */
export const googleConnectSchema = z.object({
  token: idToken,
  userData: z._default(googleUserDataSchema, {}),
});
export type GoogleConnectBody = z.input<typeof googleConnectSchema>;

/** The error codes of the sign-in routes the client reacts to. */
export const GOOGLE_SIGNIN_ERRORS = {
  loginFailed: 'GOOGLE_LOGIN_FAILED',
  connectFailed: 'GOOGLE_CONNECT_FAILED',
  termsRequired: 'GOOGLE_TERMS_REQUIRED',
  passwordRequired: 'GOOGLE_PASSWORD_REQUIRED',
  accountInUse: 'GOOGLE_ACCOUNT_IN_USE',
  unavailable: 'GOOGLE_UNAVAILABLE',
  /** Unlinking Google from an account that has no password yet. */
  noPassword: 'PASSWORD_REQUIRED',
} as const;

/** The claims the server needs from a verified Google ID token (server/src/lib/google-id-token.ts). */
export const googleIdClaimsSchema = z.object({
  sub: z.string().check(z.minLength(1), z.maxLength(255)),
  email: emailSchema,
  email_verified: z.literal(true),
  name: z.optional(z.unknown()),
});
