import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { CODE_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from '@adhd/shared/users/schema';

/** The exact texts of SPEC sections 5 and 8 used by the auth screens (translated where they are shown). */
export const authMessages = {
  network: msg`Network error. Please check your connection`,
  unknown: msg`An unknown error occurred`,
  incorrect: msg`The email or password you entered is incorrect.`,
  incorrectHelp: msg`Please try again or reset your password.`,
  tokenStorage: msg`Failed to save authentication token`,
  loginFailed: msg`Login failed`,
  accountDisabled: msg`This account has been disabled. Please contact the administrator.`,
  existsTitle: msg`Account Already Exists`,
  existsText: msg`An account with this email already exists.`,
  existsQuestion: msg`Would you like to login instead?`,
  registrationFailed: msg`Registration failed`,
  finishFailed: msg`Failed to finish registration`,
  verificationFailed: msg`Email verification failed`,
  refreshFailed: msg`Email verified, but failed to refresh profile data`,
  resendFailed: msg`Failed to resend verification code`,
  forgotFailed: msg`Unable to process your request. Please try again later.`,
  resetFailed: msg`Unable to reset your password. Please try again later.`,
  invalidLink: msg`Invalid or expired reset link`,
  profileFailed: msg`Failed to update profile`,
  deleteFailed: msg`Failed to delete account`,
  passwordFailed: msg`Failed to change password`,
  wrongPassword: msg`Current password is incorrect`,
  passwordChanged: msg`Password changed`,
} satisfies Record<string, MessageDescriptor>;

/** "Please wait N seconds" after a 429 (the server tells us how long in `retryAfter`). */
export function waitMessage(seconds: number): MessageDescriptor {
  if (seconds >= 120) {
    const minutes = Math.ceil(seconds / 60);
    return msg({
      message: plural(minutes, {
        one: 'Too many attempts. Please wait # minute and try again.',
        other: 'Too many attempts. Please wait # minutes and try again.',
      }),
    });
  }
  return msg({
    message: plural(seconds, {
      one: 'Too many attempts. Please wait # second and try again.',
      other: 'Too many attempts. Please wait # seconds and try again.',
    }),
  });
}

/** A field problem: a validation key of SPEC section 5 (`validation.*`) and its parameters. */
export interface FieldProblem {
  key: string;
  params?: { min?: number; max?: number; length?: number };
}

/** Default parameters per field, for server details that carry only the key. */
const FIELD_PARAMS: Record<string, FieldProblem['params']> = {
  password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  newPassword: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  code: { length: CODE_LENGTH },
  name: { max: 100 },
  email: { max: 254 },
};

export function fieldMessage(problem: FieldProblem, field?: string): MessageDescriptor {
  const params = { ...(field ? FIELD_PARAMS[field] : {}), ...problem.params };
  switch (problem.key) {
    case 'validation.required':
      return msg`This field is required`;
    case 'validation.minLength': {
      const min = params.min ?? PASSWORD_MIN;
      return msg`This field must be at least ${min} characters`;
    }
    case 'validation.maxLength': {
      const max = params.max ?? PASSWORD_MAX;
      return msg`This field must be at most ${max} characters`;
    }
    case 'validation.email':
      return msg`Please enter a valid email address`;
    case 'validation.passwordsMatch':
      return msg`Passwords do not match`;
    case 'validation.exactLength': {
      const length = params.length ?? CODE_LENGTH;
      return msg`This field must be exactly ${length} characters`;
    }
    case 'validation.numeric':
      return msg`This field must contain numbers only`;
    case 'validation.terms':
      return msg`You must agree to the terms and conditions`;
    case 'validation.passwordCommon':
      return msg`This password is too common. Please choose another one`;
    case 'auth.invalidCode':
      return authMessages.verificationFailed;
    case 'auth.wrongPassword':
      return authMessages.wrongPassword;
    case 'validation.invalidTimeZone':
      return msg`Please choose a valid time zone`;
    default:
      return msg`This value is not valid`;
  }
}
