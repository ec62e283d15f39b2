import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod/mini';
import { GOOGLE_REQUEST_TIMEOUT_MS } from '@adhd/shared/google/types';
import { googleIdClaimsSchema } from '@adhd/shared/google/signin';

/** The two spellings of Google's issuer that Google's own libraries accept. */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Any reason an ID token is not accepted; the routes answer it with one message and never say which. */
export class GoogleTokenError extends Error {
  constructor(readonly reason: string) {
    super(`Google ID token refused: ${reason}`);
    this.name = 'GoogleTokenError';
  }
}

/** What a verified Google ID token proves. */
export interface GoogleIdentity {
  /** Google's stable account id (`sub`): what a link stores. The email can change; this never does. */
  sub: string;
  /** Normalised like every email in the app (trimmed, lowercased); Google has verified it. */
  email: string;
  name: string | null;
}

/**
 * One key set per JWKS URL for the life of the process: jose keeps the fetched keys (up to 10 minutes), refetches
 * when a token names a `kid` it does not know (Google rotated its key) but not more often than every 30 s, so
 * forged `kid`s cannot make the server hammer Google, and gives up on a fetch after GOOGLE_REQUEST_TIMEOUT_MS.
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(certsUrl: string) {
  let set = keySets.get(certsUrl);
  if (!set) {
    set = createRemoteJWKSet(new URL(certsUrl), { timeoutDuration: GOOGLE_REQUEST_TIMEOUT_MS, cooldownDuration: 30_000, cacheMaxAge: 600_000 });
    keySets.set(certsUrl, set);
  }
  return set;
}


/**
 * Verifies a Google ID token: signature RS256 by a key of the JWKS at `certsUrl`, `aud` = our client id, `iss`
 * Google's, not expired (jose allows no clock skew unless asked; none is given), and then an account id and an email
 * Google has verified (`email_verified === true`; an unverified address proves nothing about its owner). Throws
 * GoogleTokenError for every failure, including a JWKS that cannot be fetched.
 */
export async function verifyGoogleIdToken(token: string, opts: { certsUrl: string; clientId: string }): Promise<GoogleIdentity> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 8192) throw new GoogleTokenError('malformed');
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, keySet(opts.certsUrl), {
      algorithms: ['RS256'],
      audience: opts.clientId,
      issuer: GOOGLE_ISSUERS,
      requiredClaims: ['exp', 'iat', 'sub'],
    }));
  } catch (err) {
    throw new GoogleTokenError((err as { code?: string }).code ?? 'invalid');
  }
  const claims = z.safeParse(googleIdClaimsSchema, payload);
  if (!claims.success) {
    const unverified = (payload as { email_verified?: unknown }).email_verified !== true;
    throw new GoogleTokenError(unverified ? 'email_not_verified' : 'claims');
  }
  const { sub, email, name } = claims.data;
  const trimmed = typeof name === 'string' ? name.trim().slice(0, 100) : '';
  return { sub, email, name: trimmed || null };
}
