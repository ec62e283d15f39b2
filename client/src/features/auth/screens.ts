/**
 * The landing and sign-in screens, imported only lazily by app/routes.tsx (their own chunk): a signed-in person,
 * the usual start, never needs them, and a visitor's first screen is preloaded before the first render.
 */
export { LandingScreen } from './landing-screen';
export { LoginScreen } from './login-screen';
