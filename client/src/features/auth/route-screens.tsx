import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { LandingScreen } from './landing-screen';
import { LoginScreen } from './login-screen';

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
 * The auth feature's screens, by route. Landing and login are in the first bundle (they are the first screens
 * a visitor sees); the others load on demand.
 */
export function authScreens(): Record<'landing' | 'login' | 'register' | 'verify' | 'forgot' | 'reset', ReactNode> {
  return {
    landing: <LandingScreen />,
    login: <LoginScreen />,
    register: later(RegisterScreen),
    verify: later(VerifyScreen),
    forgot: later(ForgotPasswordScreen),
    reset: later(ResetPasswordScreen),
  };
}
