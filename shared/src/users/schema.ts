import { z } from 'zod/mini';
import { boundedString, emailSchema, localeSchema, requiredString, requiredText, timeZoneSchema, weekStartDaySchema } from '../validation/fields.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const passwordSchema = boundedString(PASSWORD_MAX, 'validation.required').check(z.minLength(PASSWORD_MIN, 'validation.minLength'));

export const nameSchema = requiredText('validation.required', 100);

/** Exactly CODE_LENGTH digits; the exact length is the gate (it aborts before the pattern). */
export const codeSchema = z
  .string('validation.required')
  .check(z.length(CODE_LENGTH, { error: 'validation.exactLength', abort: true }), z.regex(/^\d+$/, 'validation.numeric'));

export const clockModeSchema = z.enum(['12h', '24h'], 'validation.invalid');
export const themeSchema = z.enum(['light', 'dark', 'system'], 'validation.invalid');
export const fontSizeSchema = z.enum(['small', 'medium', 'large'], 'validation.invalid');

const termsSchema = z.literal(true, 'validation.terms');

export const sendCodeSchema = z.object({
  email: emailSchema,
  newUser: z.optional(z.boolean()),
  userName: z.optional(boundedString(100)),
  marketingConsent: z.optional(z.boolean()),
  hasAcceptedTerms: z.optional(z.boolean()),
});

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  timezone: z.optional(timeZoneSchema),
  weekStartDay: z.optional(weekStartDaySchema),
  marketingConsent: z._default(z.boolean('validation.invalid'), false),
  hasAcceptedTerms: termsSchema,
  /** The registration proof `verify-email` answered (CONTRACT.md). */
  verificationToken: requiredString(200),
  locale: z.optional(localeSchema),
});

export const verifyEmailSchema = z.object({ email: emailSchema, code: codeSchema });
export const loginSchema = z.object({
  email: emailSchema,
  password: requiredString(1024),
});
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: requiredString(200),
  password: passwordSchema,
});
export const changePasswordSchema = z.object({
  newPassword: passwordSchema,
  currentPassword: z.optional(boundedString(1024)),
  /** End every other session too (ASVS 7.4.3). */
  signOutOthers: z.optional(z.boolean('validation.invalid')),
});
/**
 * Account deletion is confirmed with the password (CONTRACT.md "account"); an account without a password (created
 * through Google) confirms with a fresh Google ID token of its linked Google account instead.
 */
export const deleteAccountSchema = z.object({ password: z.optional(loginSchema.shape.password), googleToken: z.optional(requiredString(8192)) });

export const profileSchema = z.object({
  name: z.optional(nameSchema),
  timezone: z.optional(timeZoneSchema),
  weekStartDay: z.optional(weekStartDaySchema),
  clockMode: z.optional(clockModeSchema),
  brainrotEnabled: z.optional(z.boolean('validation.invalid')),
  marketingConsent: z.optional(z.boolean('validation.invalid')),
});

/** Preferences stored per user (SPEC section 3, settings screen). */
export const preferencesSchema = z.object({
  locale: z.optional(localeSchema),
  theme: z.optional(themeSchema),
  fontSize: z.optional(fontSizeSchema),
  clockMode: z.optional(clockModeSchema),
  weekStartDay: z.optional(weekStartDaySchema),
  timezone: z.optional(timeZoneSchema),
  brainrotEnabled: z.optional(z.boolean('validation.invalid')),
  notifications: z.optional(
    z.object({
      email: z.optional(z.boolean('validation.invalid')),
      push: z.optional(z.boolean('validation.invalid')),
      sound: z.optional(z.boolean('validation.invalid')),
    }),
  ),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES = {
  locale: 'en',
  theme: 'system',
  fontSize: 'medium',
  clockMode: '12h',
  weekStartDay: 0,
  timezone: 'UTC',
  brainrotEnabled: false,
  notifications: { email: true, push: false, sound: true },
} as const satisfies Required<Preferences>;

/** A user as the API answers it. Never includes the password hash. */
export interface PublicUser {
  _id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  marketingConsent: boolean;
  role: Role;
  timezone: string;
  weekStartDay: number;
  clockMode: '12h' | '24h';
  brainrotEnabled: boolean;
  locale: 'en' | 'ru';
  googleLinked: boolean;
  /** False for an account created through Google that has not set a password yet. */
  hasPassword: boolean;
  telegramLinked: boolean;
  createdAt: string;
  updatedAt: string;
}
