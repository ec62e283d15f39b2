/**
 * Issue 18: stub, filled by the admin work: checks each navigation against the cached redirect rules
 * (CONTRACT.md `GET /api/redirects`), an external target a full page navigation, an internal one a router redirect.
 */
export function useRedirectRules(): void {}
