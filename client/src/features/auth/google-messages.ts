import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The Google sign-in and linking texts (SPEC section 8 for the two failures). */
export const googleMessages = {
  loginFailed: msg`Google login failed`,
  connectFailed: msg`Failed to connect Google account`,
  registrationClosed: msg`Registration is closed on this server`,
  wrongPassword: msg`This password is not correct`,
} satisfies Record<string, MessageDescriptor>;
