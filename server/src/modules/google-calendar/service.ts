import type { FastifyInstance } from 'fastify';
import { GOOGLE_REQUEST_TIMEOUT_MS, GOOGLE_SYNC_INTERVAL_MS } from '@adhd/shared/google/types';
import type { AppConfig } from '../../config.js';
import { readOrCreateStoredSecret } from '../../db/secrets.js';
import { TokenCryptoError, tokenSealer, type TokenSealer } from '../../lib/token-crypto.js';
import { GoogleGrantRevoked, GoogleUnauthorized, googleRequest, notConnected } from './http.js';
import { refreshAccess, type OAuthClient } from './oauth.js';
import { findConnection, markDisconnected, saveAccess } from './repository.js';

/** How often the job syncs and how long a request to Google may take; tests shorten both. */
export interface GoogleCalendarTuning {
  syncIntervalMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_GOOGLE_TUNING: GoogleCalendarTuning = { syncIntervalMs: GOOGLE_SYNC_INTERVAL_MS, requestTimeoutMs: GOOGLE_REQUEST_TIMEOUT_MS };

/** The status route's message after Google refused the refresh token (the user revoked the access at Google). */
export const REVOKED_MESSAGE = 'Google Calendar access was revoked or has expired. Connect again to keep your calendar in sync.';

/** An access token is refreshed when it has less than this left. */
const REFRESH_MARGIN_MS = 60_000;

/**
 * A connected account's access to Google (docs/google-calendar.md): the sealer of the stored tokens (key from
 * TOKEN_ENCRYPTION_KEY, DATA_DIR/token-key, or the store's `token-key` on PostgreSQL), the OAuth client, and
 * authorised API calls. The access token is refreshed before it expires (one refresh at a time per user) and once
 * more when Google answers 401; a refresh answered `invalid_grant` marks the connection disconnected with
 * REVOKED_MESSAGE and throws 409 GOOGLE_NOT_CONNECTED, so nothing retries it in a loop.
 */
export class GoogleCalendarService {
  private sealerPromise: Promise<TokenSealer> | null = null;
  private readonly refreshing = new Map<string, Promise<string>>();

  constructor(
    readonly app: FastifyInstance,
    readonly config: AppConfig,
    readonly tuning: GoogleCalendarTuning,
  ) {}

  /** Whether this server has a Google OAuth client (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  get configured(): boolean {
    return !!this.config.googleClientId && !!this.config.googleClientSecret;
  }

  get oauth(): OAuthClient {
    return { clientId: this.config.googleClientId ?? '', clientSecret: this.config.googleClientSecret ?? '', urls: this.config.googleUrls, timeoutMs: this.tuning.requestTimeoutMs };
  }

  sealer(): Promise<TokenSealer> {
    this.sealerPromise ??= (async () => tokenSealer(this.config.tokenEncryptionKey ?? (await readOrCreateStoredSecret(this.app.db, 'token-key')), 'google-tokens'))();
    return this.sealerPromise;
  }

  /** A live access token of the user's connection (refreshed when it is about to expire, or when `force`). */
  async accessToken(userId: string, force = false): Promise<string> {
    const conn = await findConnection(this.app.db, userId);
    if (!conn || conn.status !== 'connected' || !conn.access_token || !conn.refresh_token) throw notConnected();
    const sealer = await this.sealer();
    const open = async (sealed: string) => {
      try {
        return sealer.open(sealed);
      } catch (err) {
        if (!(err instanceof TokenCryptoError)) throw err;
        // Sealed under another key (TOKEN_ENCRYPTION_KEY changed, or the store moved without its token-key).
        this.app.log.warn({ userId }, 'google calendar: stored tokens cannot be opened with the current key');
        await markDisconnected(this.app.db, userId, REVOKED_MESSAGE);
        throw notConnected();
      }
    };
    const fresh = conn.expires_at !== null && Date.parse(conn.expires_at) - Date.now() > REFRESH_MARGIN_MS;
    if (fresh && !force) return open(conn.access_token);
    let running = this.refreshing.get(userId);
    if (!running) {
      running = open(conn.refresh_token)
        .then((refreshToken) => this.refresh(userId, refreshToken, sealer))
        .finally(() => this.refreshing.delete(userId));
      this.refreshing.set(userId, running);
    }
    return running;
  }

  private async refresh(userId: string, refreshToken: string, sealer: TokenSealer): Promise<string> {
    try {
      const t = await refreshAccess(this.oauth, refreshToken);
      await saveAccess(this.app.db, userId, { access: sealer.seal(t.accessToken), refresh: t.refreshToken ? sealer.seal(t.refreshToken) : undefined, expiresAt: t.expiresAt });
      return t.accessToken;
    } catch (err) {
      if (err instanceof GoogleGrantRevoked) {
        this.app.log.info({ userId }, 'google calendar: refresh token refused, connection marked disconnected');
        await markDisconnected(this.app.db, userId, REVOKED_MESSAGE);
        throw notConnected();
      }
      throw err;
    }
  }

  /** GET `{api}{path}` with the user's access token; one refresh and retry on 401. */
  async get<T>(userId: string, path: string, query: Record<string, string | undefined>): Promise<T> {
    const url = new URL(`${this.config.googleUrls.api}${path}`);
    for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
    const call = async (token: string) => googleRequest<T>(url.toString(), { headers: { authorization: `Bearer ${token}` }, timeoutMs: this.tuning.requestTimeoutMs });
    try {
      return await call(await this.accessToken(userId));
    } catch (err) {
      if (!(err instanceof GoogleUnauthorized)) throw err;
      return call(await this.accessToken(userId, true));
    }
  }
}
