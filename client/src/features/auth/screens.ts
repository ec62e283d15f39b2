/**
 * The auth feature's route screens, imported only lazily by app/routes.tsx (their own chunk): a signed-in person,
 * the usual start, never needs them, and a visitor's first screen is preloaded before the first render.
 */
export { LoginScreen } from './login-screen';
export { RegisterScreen } from './register-screen';
export { VerifyScreen } from './verify-screen';
export { ForgotPasswordScreen } from './forgot-password-screen';
export { ResetPasswordScreen } from './reset-password-screen';
