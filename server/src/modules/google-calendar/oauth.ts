import { createHash } from 'node:crypto';
import { GOOGLE_CALENDAR_SCOPE } from '@adhd/shared/google/types';
import type { GoogleUrls } from '../../config.js';
import { newSecret } from '../../lib/ids.js';
import { googleRequest } from './http.js';

/**
 * The OAuth 2.0 authorisation code flow with PKCE (RFC 7636, S256) for the Calendar import: the authorisation
 * address, the code exchange, the refresh and the revocation. No state is kept here (repository.ts keeps it).
 */

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  urls: GoogleUrls;
  timeoutMs: number;
}

export interface TokenAnswer {
  accessToken: string;
  /** Only the code exchange (and sometimes a refresh) hands out a refresh token. */
  refreshToken: string | null;
  expiresAt: string;
}

/** A PKCE verifier (43 characters of base64url) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = newSecret();
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Google's authorisation address: offline access (a refresh token), consent asked again, the read-only scope. */
export function authUrl(client: OAuthClient, redirectUri: string, state: string, challenge: string): string {
  const url = new URL(client.urls.oauth);
  const params = {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: GOOGLE_CALENDAR_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

interface RawTokens {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
}

function tokensOf(raw: RawTokens, now: number): TokenAnswer {
  if (typeof raw.access_token !== 'string' || !raw.access_token) throw new Error('Google answered no access token');
  const seconds = typeof raw.expires_in === 'number' && raw.expires_in > 0 ? raw.expires_in : 3600;
  return {
    accessToken: raw.access_token,
    refreshToken: typeof raw.refresh_token === 'string' && raw.refresh_token ? raw.refresh_token : null,
    expiresAt: new Date(now + seconds * 1000).toISOString(),
  };
}

export async function exchangeCode(client: OAuthClient, code: string, verifier: string, redirectUri: string): Promise<TokenAnswer> {
  const now = Date.now();
  const raw = await googleRequest<RawTokens>(client.urls.token, {
    form: { grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri, client_id: client.clientId, client_secret: client.clientSecret },
    timeoutMs: client.timeoutMs,
  });
  return tokensOf(raw, now);
}

/** A new access token for the refresh token; GoogleGrantRevoked when Google no longer honours it. */
export async function refreshAccess(client: OAuthClient, refreshToken: string): Promise<TokenAnswer> {
  const now = Date.now();
  const raw = await googleRequest<RawTokens>(client.urls.token, {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.clientId, client_secret: client.clientSecret },
    timeoutMs: client.timeoutMs,
  });
  return tokensOf(raw, now);
}

/** Revokes the token (a refresh token revokes the whole grant). */
export async function revokeToken(client: OAuthClient, token: string): Promise<void> {
  await googleRequest(client.urls.revoke, { form: { token }, timeoutMs: client.timeoutMs });
}
