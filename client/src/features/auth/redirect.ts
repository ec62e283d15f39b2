export const AFTER_LOGIN = '/dashboard';

/** The `redirect` query parameter when it is a path on this site (never another origin or an auth screen). */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return AFTER_LOGIN;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/auth/') || url.pathname === '/auth') return AFTER_LOGIN;
    return url.pathname + url.search + url.hash;
  } catch {
    return AFTER_LOGIN;
  }
}
