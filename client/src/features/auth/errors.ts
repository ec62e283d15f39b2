import type { MessageDescriptor } from '@lingui/core';
import { ApiError } from '../../lib/api';
import { authMessages, waitMessage, type FieldProblem } from './messages';

/** Storage refused the token after a successful login (SPEC section 5). */
export class TokenStorageError extends Error {
  constructor() {
    super('Failed to save authentication token');
    this.name = 'TokenStorageError';
  }
}

/** The code was right but reading the profile afterwards failed. */
export class ProfileRefreshError extends Error {
  constructor() {
    super('Email verified, but failed to refresh profile data');
    this.name = 'ProfileRefreshError';
  }
}

/**
 * What went wrong, in terms the screens can word with the spec's messages. Server message texts are never
 * shown: each screen maps a kind to its own text.
 */
export type AuthProblem =
  | { kind: 'network' }
  | { kind: 'invalidCredentials' }
  /** An admin disabled the account (403 ACCOUNT_DISABLED after the right password). */
  | { kind: 'accountDisabled' }
  | { kind: 'tokenStorage' }
  | { kind: 'exists' }
  | { kind: 'invalidCode' }
  /** The registration proof from verify-email was refused (expired or used). */
  | { kind: 'invalidProof' }
  /** The password given to confirm an account change was wrong. */
  | { kind: 'wrongPassword' }
  | { kind: 'invalidLink' }
  | { kind: 'rateLimited'; seconds: number }
  | { kind: 'fields'; fields: Record<string, FieldProblem> }
  | { kind: 'refreshFailed' }
  | { kind: 'failed'; status: number };

export function toProblem(err: unknown): AuthProblem {
  if (err instanceof TokenStorageError) return { kind: 'tokenStorage' };
  if (err instanceof ProfileRefreshError) return { kind: 'refreshFailed' };
  if (!(err instanceof ApiError)) return { kind: 'failed', status: 0 };
  if (err.isNetwork) return { kind: 'network' };
  if (err.status === 429) {
    const body = err.body.retryAfter;
    return { kind: 'rateLimited', seconds: typeof body === 'number' && body > 0 ? Math.ceil(body) : 60 };
  }
  if (err.code === 'ACCOUNT_DISABLED') return { kind: 'accountDisabled' };
  if (err.status === 409 || err.code === 'EMAIL_EXISTS' || /exists/i.test(err.message)) return { kind: 'exists' };
  if (err.code === 'INVALID_CREDENTIALS' || (err.status === 401 && err.code !== 'UNAUTHORIZED')) return { kind: 'invalidCredentials' };
  if (err.code === 'INVALID_CODE') return { kind: 'invalidCode' };
  if (err.code === 'INVALID_VERIFICATION') return { kind: 'invalidProof' };
  if (err.code === 'INVALID_PASSWORD') return { kind: 'wrongPassword' };
  if (err.code === 'INVALID_TOKEN') return { kind: 'invalidLink' };
  if (err.status === 400 && err.details.length > 0) {
    const fields: Record<string, FieldProblem> = {};
    for (const d of err.details) fields[d.field] ??= { key: d.key };
    return { kind: 'fields', fields };
  }
  return { kind: 'failed', status: err.status };
}

/** The spec's message for a problem, with the screen's own fallback for everything it does not name. */
export function problemMessage(problem: AuthProblem, fallback: MessageDescriptor): MessageDescriptor {
  switch (problem.kind) {
    case 'network':
      return authMessages.network;
    case 'tokenStorage':
      return authMessages.tokenStorage;
    case 'rateLimited':
      return waitMessage(problem.seconds);
    case 'invalidCredentials':
      return authMessages.incorrect;
    case 'accountDisabled':
      return authMessages.accountDisabled;
    case 'exists':
      return authMessages.existsText;
    case 'invalidCode':
    case 'invalidProof':
      return authMessages.verificationFailed;
    case 'wrongPassword':
      return authMessages.wrongPassword;
    case 'invalidLink':
      return authMessages.invalidLink;
    case 'refreshFailed':
      return authMessages.refreshFailed;
    default:
      return fallback;
  }
}
