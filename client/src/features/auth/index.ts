/**
 * The auth feature's public surface: the only file of features/auth that app/ and other features import
 * (docs/architecture.md, "Rooms and public surfaces"). The session itself (who is signed in, sign-out's data
 * removal) is app-wide and lives in client/src/session.
 */
export { changePassword, deleteAccount } from './actions';
export { problemMessage, toProblem } from './errors';
export { authMessages, fieldMessage } from './messages';
export { pickFields, useFieldErrors } from './use-field-errors';
export { checkConfirm, checkLoginPassword, checkPassword, validate } from './validation';
export { resendVerification } from './actions';
export { ResendCode } from './components/code-fields';
export { useCountdown } from './use-countdown';
export { GoogleButton } from './google-button';
export { getGoogleConfig, postConnectGoogle, postDisconnectGoogle } from './google-identity';
export { googleMessages } from './google-messages';
