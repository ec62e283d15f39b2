import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

const lazyNamed = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const RegisterScreen = lazyNamed(() => import('./register-screen'), 'RegisterScreen');
const VerifyScreen = lazyNamed(() => import('./verify-screen'), 'VerifyScreen');
const ForgotPasswordScreen = lazyNamed(() => import('./forgot-password-screen'), 'ForgotPasswordScreen');
const ResetPasswordScreen = lazyNamed(() => import('./reset-password-screen'), 'ResetPasswordScreen');

const later = (Screen: ComponentType) => (
  <Suspense fallback={null}>
    <Screen />
  </Suspense>
);

/**
 * The auth feature's later screens, by route, each loaded on demand. Landing and login are in `screens.ts`, which
 * app/routes.tsx loads (and preloads for a visitor's first screen) like the other sections' screens.
 */
export function authScreens(): Record<'register' | 'verify' | 'forgot' | 'reset', ReactNode> {
  return {
    register: later(RegisterScreen),
    verify: later(VerifyScreen),
    forgot: later(ForgotPasswordScreen),
    reset: later(ResetPasswordScreen),
  };
}
