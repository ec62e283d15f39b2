import { i18n } from '@lingui/core';
import type { PublicUser } from '@adhd/shared/users/schema';
import { request, setToken, timeZone } from '../../lib/api';
import { authStore, withSession } from '../../session/auth-store';
import { ProfileRefreshError, TokenStorageError } from './errors';
import { postGoogleSignIn } from './google-identity';
import { adoptAccountPreferences } from '../settings';

/**
 * One function per user intent of the auth screens. Each throws the `ApiError` of a failed call (or a
 * `TokenStorageError` / `ProfileRefreshError`); the screens turn errors into the spec's messages.
 */

interface SessionResponse {
  user: PublicUser;
  token: string;
}

const locale = () => (i18n.locale === 'ru' ? 'ru' : 'en');

async function startSession(res: SessionResponse): Promise<void> {
  if (!(await authStore.signedIn(res.user, res.token))) throw new TokenStorageError();
}

export async function login(email: string, password: string): Promise<void> {
  const res = await request<SessionResponse>('/api/auth/login', { method: 'POST', body: { email, password }, auth: false, retries: 0 });
  await startSession(res);
  void adoptAccountPreferences();
}

/**
 * Google sign-in (docs/google-signin.md): the ID token, plus what the server asked for on an earlier try (the
 * terms for a new account, the existing account's password to link it). Throws the ApiError of a refusal
 * (409 GOOGLE_TERMS_REQUIRED / GOOGLE_PASSWORD_REQUIRED ask the screen for more).
 */
export async function signInWithGoogle(input: {
  token: string;
  acceptTerms?: boolean;
  marketingConsent?: boolean;
  password?: string;
}): Promise<void> {
  const res = await postGoogleSignIn({
    token: input.token,
    userData: { acceptTerms: input.acceptTerms, password: input.password },
    marketingConsent: input.marketingConsent ?? false,
    timezone: timeZone(),
    weekStartDay: 0,
    locale: locale(),
  });
  await startSession(res);
  void adoptAccountPreferences();
}

export interface NewAccount {
  name: string;
  email: string;
  marketingConsent: boolean;
  hasAcceptedTerms: boolean;
}

/** Registration step 1: mail a 6-digit code to the address (the same answer whether or not it is taken). */
export async function sendCode(account: NewAccount): Promise<void> {
  await request('/api/auth/resend-verification', {
    method: 'POST',
    auth: false,
    body: {
      email: account.email,
      newUser: true,
      userName: account.name,
      marketingConsent: account.marketingConsent,
      hasAcceptedTerms: account.hasAcceptedTerms,
      locale: locale(),
    },
  });
}

/**
 * Registration step 2a: the mailed code proves the address; the answer is the single-use registration proof
 * (CONTRACT.md) that `register` must carry. For an address that already has an account the server answers
 * "Account Already Exists" here, and only here (the caller has just proved the mailbox).
 */
export async function verifyRegistrationCode(email: string, code: string): Promise<string> {
  const res = await request<{ verified: boolean; verificationToken?: string }>('/api/auth/verify-email', {
    method: 'POST',
    auth: false,
    body: { email, code },
  });
  if (!res.verificationToken) throw new Error('verify-email answered without a verificationToken');
  return res.verificationToken;
}

/** Registration step 2b: the proof and a password create the (verified) account and sign in. */
export async function register(account: NewAccount & { verificationToken: string; password: string }): Promise<void> {
  const res = await request<SessionResponse>('/api/auth/register', {
    method: 'POST',
    auth: false,
    body: {
      email: account.email,
      password: account.password,
      name: account.name,
      timezone: timeZone(),
      weekStartDay: 0,
      marketingConsent: account.marketingConsent,
      hasAcceptedTerms: account.hasAcceptedTerms,
      verificationToken: account.verificationToken,
      locale: locale(),
    },
  });
  await startSession(res);
}

/** A new verification code for an existing, unverified account. */
export async function resendVerification(email: string): Promise<void> {
  await request('/api/auth/resend-verification', { method: 'POST', auth: false, body: { email, locale: locale() } });
}

/**
 * Checks the code. When signed in, the profile is read again so the app sees the verified flag; if only
 * that read fails, the flag is set locally and a `ProfileRefreshError` tells the screen.
 */
export async function verifyEmail(email: string, code: string): Promise<void> {
  await request('/api/auth/verify-email', { method: 'POST', auth: false, body: { email, code } });
  const { user, authenticated } = authStore.getState();
  if (!authenticated || user?.email !== email) return;
  try {
    const me = await withSession(() => request<SessionResponse>('/api/auth/me', { retries: 0 }));
    setToken(me.token);
    authStore.set({ user: me.user });
  } catch {
    authStore.updateUser({ emailVerified: true });
    throw new ProfileRefreshError();
  }
}

/** Always resolves the same way for known and unknown emails (the server answers alike). */
export async function forgotPassword(email: string): Promise<void> {
  await request('/api/auth/forgot-password', { method: 'POST', auth: false, body: { email, locale: locale() } });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await request('/api/auth/reset-password', { method: 'POST', auth: false, body: { token, password } });
}

/** Logout: local state first, then the server call; never fails. See `authStore.logout`. */
export function logout(): Promise<void> {
  return authStore.logout();
}

/**
 * A new password, confirmed with the current one. This device's session is renewed (the answer's token replaces
 * the old one); `signOutOthers` also ends every other device's session.
 */
export async function changePassword(input: { currentPassword?: string; newPassword: string; signOutOthers: boolean }): Promise<void> {
  const res = await withSession(() =>
    request<{ success: boolean; token: string }>('/api/auth/password', { method: 'PUT', body: input, retries: 0 }),
  );
  if (!setToken(res.token)) throw new TokenStorageError();
}

/**
 * Deletes the account on the server (confirmed with the password, or for an account without one with a fresh
 * Google ID token of its linked Google account), then everything this device holds for it.
 */
export async function deleteAccount(confirmation: string | { googleToken: string }): Promise<void> {
  const body = typeof confirmation === 'string' ? { password: confirmation } : confirmation;
  await withSession(() =>
    request<{ success: boolean }>('/api/auth/delete-account', { method: 'POST', body, retries: 0 }),
  );
  await authStore.endLocalSession();
}
