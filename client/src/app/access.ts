import { trimTrailing } from '@adhd/shared/text';

/** Paths a visitor may open without signing in (SPEC section 2): each exactly, or any path below it. */
export const PUBLIC_PATHS = [
  '/',
  '/auth/login',
  '/auth/register',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/verify',
  '/terms',
  '/privacy',
  '/about',
  '/debug',
  '/feedback',
  '/news',
  '/news/en',
  '/news/ru',
  '/donate',
] as const;

export function isPublicPath(path: string): boolean {
  const clean = trimTrailing(path.split(/[?#]/)[0]!, '/') || '/';
  // "/" is public only as itself; otherwise every path would be a sub-path of it.
  return PUBLIC_PATHS.some((p) => clean === p || (p !== '/' && clean.startsWith(`${p}/`)));
}
