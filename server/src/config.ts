import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { trimTrailing } from '@adhd/shared/text';
import { readOrCreateSecret } from './lib/secret-file.js';

/** Per-IP and per-account limits. Tests and benchmarks may raise them; operators rarely need to. */
export interface RateLimits {
  /** Failed logins evaluated per account per hour (ASVS 2.2.1: at most 100), whatever the address. */
  failedLoginsPerAccountHour: number;
  /**
   * Failed logins per (account, address) in 15 minutes before that pair is throttled: then 429 with a wait that
   * starts at one minute and doubles per further failure, up to an hour. Other addresses are not affected.
   */
  failedLoginsPerAccountIp15m: number;
  /** Failed logins per IP per 10 minutes. */
  failedLoginsPerIp10m: number;
  /** Code and reset-mail sends per IP per 10 minutes. */
  codeSendsPerIp10m: number;
  /** Failed code checks per IP per 10 minutes. */
  codeChecksPerIp10m: number;
  /** Requests per IP per minute to each credential route (login, register, codes, reset): anti-automation. */
  authRequestsPerIpMinute: number;
  /** Requests per IP per minute to the private calendar feeds (`GET /ics/{token}.ics`, no login). */
  feedRequestsPerIpMinute: number;
  /** Feedback messages accepted per IP per 10 minutes (`POST /api/feedback`, no login needed). */
  feedbackPerIp10m: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` when set; the embedded SQLite file otherwise. */
  databaseUrl: string | null;
  /**
   * The access-token signing key: `JWT_SECRET`, else generated once into `DATA_DIR/jwt-secret` (SQLite). Null
   * with `DATABASE_URL` and no `JWT_SECRET`: generated once into the store (`server_secrets`, db/secrets.ts), so
   * every instance signs with the same key.
   */
  jwtSecret: string | null;
  smtpUrl: string | null;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  adminEmails: string[];
  /** `NODE_ENV=production`: PUBLIC_URL is required and development conveniences are off. */
  production: boolean;
  /**
   * Which reverse proxies' X-Forwarded-* headers are believed (`TRUST_PROXY`): a hop count, a list of proxy
   * addresses/CIDRs, or false (none). Never "trust every hop" (see `parseTrustProxy`).
   */
  trustProxy: TrustProxy;
  /** Google OAuth client id (`GOOGLE_CLIENT_ID`); null means Google sign-in and Calendar import report themselves unavailable. */
  googleClientId: string | null;
  /** Google OAuth client secret (`GOOGLE_CLIENT_SECRET`), used by the Calendar code exchange and refresh. */
  googleClientSecret: string | null;
  /** Google's endpoints (`GOOGLE_*_URL`, CONTRACT.md), overridable so tests talk to a local fake. No trailing slash. */
  googleUrls: GoogleUrls;
  /**
   * The key that encrypts stored OAuth tokens (AES-256-GCM): `TOKEN_ENCRYPTION_KEY` (at least 32 characters), else
   * generated once into `DATA_DIR/token-key` (SQLite). Null with `DATABASE_URL` and no `TOKEN_ENCRYPTION_KEY`:
   * generated once into the store (`server_secrets`), so every instance shares it.
   */
  tokenEncryptionKey: string | null;
  /**
   * Public base URL for links in mail (`PUBLIC_URL`); required in production. When null (development only),
   * links use the request's own host if it is a loopback address, else `http://localhost:PORT`.
   */
  publicUrl: string | null;
  /** Built client to serve at `/`, when present. */
  clientDist: string | null;
  logLevel: string;
  rateLimits: RateLimits;
  /** Access-token lifetime in seconds. */
  accessTokenTtl: number;
  /** Session (cookie) lifetime in seconds, sliding. */
  sessionTtl: number;
  /** Per-user storage quota in MB (`USER_QUOTA_MB`, default 500): writes that would pass it are refused. */
  userQuotaMb: number;
  /** Argon2id cost; lowered only in tests. */
  argon2: { memoryCost: number; timeCost: number };
  version: string;
  /** Names this process in logs and `/api/health` (`INSTANCE_ID`; random per process when unset). */
  instanceId: string;
  /** The messaging bot's token (`TELEGRAM_BOT_TOKEN`); null: Telegram capture is unavailable and no bot runs. */
  telegramBotToken: string | null;
  /** The Bot API's base URL (`TELEGRAM_API_URL`, default Telegram's own), without trailing slashes. */
  telegramApiUrl: string;
  /** Video mode's folder (`BRAINROT_DIR`, like DATA_DIR relative to the working directory; default
   * `DATA_DIR/brainrot`): `<category>/<file>.mp4`, absolute. */
  brainrotDir: string;
}

/** Google's endpoints (CONTRACT.md "environment"). */
export interface GoogleUrls {
  /** The authorisation page (`GOOGLE_OAUTH_URL`). */
  oauth: string;
  /** The token endpoint: code exchange and refresh (`GOOGLE_TOKEN_URL`). */
  token: string;
  /** Token revocation (`GOOGLE_REVOKE_URL`). */
  revoke: string;
  /** Base of the Calendar API: `{api}/calendar/v3/...` (`GOOGLE_API_URL`). */
  api: string;
  /** The JWKS that signs Google ID tokens (`GOOGLE_CERTS_URL`). */
  certs: string;
}

export const GOOGLE_DEFAULT_URLS: GoogleUrls = {
  oauth: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  revoke: 'https://oauth2.googleapis.com/revoke',
  api: 'https://www.googleapis.com',
  certs: 'https://www.googleapis.com/oauth2/v3/certs',
};

/**
 * Fastify's `trustProxy`: proxy addresses/CIDRs (proxy-addr), a hop-count function, or none. A hop count is given
 * as a function because Fastify reads a bare number as "trust nothing".
 */
export type TrustProxy = string[] | ((address: string, hop: number) => boolean) | false;

/** proxy-addr's hop count: the socket peer is hop 0, then X-Forwarded-For from right to left. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** A configuration value the server refuses to start with; the message says what to set. */
export class ConfigError extends Error {}

/**
 * `TRUST_PROXY`: unset or `0`/`false` trusts no proxy; a whole number trusts that many hops (the client's address
 * is the one the outermost trusted proxy saw); otherwise a comma-separated list of proxy addresses or CIDRs.
 * `true`, `*` and anything that would trust every hop are refused: a client could then set its own address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = (value ?? '').trim();
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d{1,2}$/.test(raw)) return trustHops(Number(raw));
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  const valid = (e: string) => {
    const [addr, bits, ...rest] = e.split('/');
    if (rest.length || !addr || isIP(addr) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(addr) === 4 ? 32 : 128;
    // A zero-length prefix (0.0.0.0/0, ::/0) is "every address" in disguise.
    return /^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= max;
  };
  const bad = entries.filter((e) => !valid(e));
  if (entries.length === 0 || bad.length) {
    throw new ConfigError(
      `TRUST_PROXY=${JSON.stringify(raw)} is not allowed: give the number of reverse-proxy hops (e.g. 1) or a ` +
        'comma-separated list of proxy addresses/CIDRs (e.g. 10.0.0.0/8,172.16.0.1); "true" and "*" would let any ' +
        'client choose its own address',
    );
  }
  return entries;
}

/** `PUBLIC_URL` without trailing slashes; an http(s) URL with no path, query or credentials. */
export function parsePublicUrl(value: string | undefined, production: boolean): string | null {
  const raw = trimTrailing((value ?? '').trim(), '/');
  if (!raw) {
    if (production) {
      throw new ConfigError(
        'PUBLIC_URL is required when NODE_ENV=production: set it to the address users open, e.g. ' +
          'PUBLIC_URL=https://todo.example.org (links in mails are built from it, never from request headers)',
      );
    }
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL=${JSON.stringify(raw)} is not a URL: use e.g. https://todo.example.org`);
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) {
    throw new ConfigError(`PUBLIC_URL=${JSON.stringify(raw)} must be a plain http(s) address such as https://todo.example.org`);
  }
  return raw;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  failedLoginsPerAccountHour: 100,
  failedLoginsPerAccountIp15m: 10,
  failedLoginsPerIp10m: 100,
  codeSendsPerIp10m: 100,
  codeChecksPerIp10m: 100,
  authRequestsPerIpMinute: 600,
  feedRequestsPerIpMinute: 60,
  feedbackPerIp10m: 5,
};

/** The server's version from its package.json (works from src/ under tests and dist/ in production). */
function packageVersion(): string {
  try {
    const file = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function secretFrom(dataDir: string, given: string | undefined, databaseUrl: string | null): string | null {
  if (given && given.length >= 32) return given;
  if (given) throw new Error('JWT_SECRET must be at least 32 characters');
  return databaseUrl ? null : readOrCreateSecret(path.join(dataDir, 'jwt-secret'));
}

function quotaMb(given: string | undefined): number {
  if (given === undefined || given === '') return 500;
  const mb = Number(given);
  if (!Number.isFinite(mb) || mb <= 0) throw new ConfigError(`USER_QUOTA_MB=${JSON.stringify(given)} is not allowed: give a positive number of megabytes, e.g. USER_QUOTA_MB=500`);
  return mb;
}

function instanceIdFrom(given: string | undefined): string {
  if (given === undefined || given === '') return `i-${randomBytes(4).toString('hex')}`;
  if (!/^[\w.-]{1,64}$/.test(given)) throw new ConfigError(`INSTANCE_ID=${JSON.stringify(given)} is not allowed: use up to 64 letters, digits, '.', '_' or '-', e.g. INSTANCE_ID=app-1`);
  return given;
}

export const TELEGRAM_API_URL = 'https://api.telegram.org';

/** An http(s) base URL from `name` (a fake in tests, a local mirror), without trailing slashes; `fallback` when unset. */
export function parseServiceUrl(name: string, value: string | undefined, fallback: string): string {
  const raw = trimTrailing((value ?? '').trim(), '/');
  if (!raw) return fallback;
  let url: URL | null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash) {
    throw new ConfigError(`${name}=${JSON.stringify(raw)} must be an http(s) address such as ${fallback}`);
  }
  return raw;
}

function googleUrlsFrom(env: NodeJS.ProcessEnv): GoogleUrls {
  const d = GOOGLE_DEFAULT_URLS;
  return {
    oauth: parseServiceUrl('GOOGLE_OAUTH_URL', env.GOOGLE_OAUTH_URL, d.oauth),
    token: parseServiceUrl('GOOGLE_TOKEN_URL', env.GOOGLE_TOKEN_URL, d.token),
    revoke: parseServiceUrl('GOOGLE_REVOKE_URL', env.GOOGLE_REVOKE_URL, d.revoke),
    api: parseServiceUrl('GOOGLE_API_URL', env.GOOGLE_API_URL, d.api),
    certs: parseServiceUrl('GOOGLE_CERTS_URL', env.GOOGLE_CERTS_URL, d.certs),
  };
}

function tokenKeyFrom(dataDir: string, given: string | undefined, databaseUrl: string | null): string | null {
  if (given && given.length >= 32) return given;
  if (given) throw new ConfigError('TOKEN_ENCRYPTION_KEY must be at least 32 characters, e.g. the output of `openssl rand -base64 32`');
  return databaseUrl ? null : readOrCreateSecret(path.join(dataDir, 'token-key'));
}

/** `TELEGRAM_BOT_TOKEN`: BotFather's `<bot id>:<secret>`; blank means no bot. */
export function parseTelegramToken(value: string | undefined): string | null {
  const raw = (value ?? '').trim();
  if (!raw) return null;
  if (!/^\d{1,20}:[\w-]{20,100}$/.test(raw)) {
    throw new ConfigError('TELEGRAM_BOT_TOKEN is not a bot token: give the token BotFather sent, e.g. TELEGRAM_BOT_TOKEN=123456789:AAE…');
  }
  return raw;
}

/** `TELEGRAM_API_URL`: an http(s) base URL (a local Bot API server, or a fake in tests). */
export function parseTelegramApiUrl(value: string | undefined): string {
  return parseServiceUrl('TELEGRAM_API_URL', value, TELEGRAM_API_URL);
}

/** Configuration from the environment (CONTRACT.md), with overrides for tests. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const production = (overrides.production ?? env.NODE_ENV === 'production') === true;
  const databaseUrl = overrides.databaseUrl !== undefined ? overrides.databaseUrl : env.DATABASE_URL || null;
  const defaultDist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../client/dist');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'ADHD SuperApp <no-reply@localhost>',
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, production && overrides.publicUrl === undefined),
    googleClientId: env.GOOGLE_CLIENT_ID?.trim() || null,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET?.trim() || null,
    googleUrls: googleUrlsFrom(env),
    clientDist: existsSync(defaultDist) ? defaultDist : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    accessTokenTtl: 15 * 60,
    sessionTtl: 90 * 24 * 3600,
    userQuotaMb: quotaMb(env.USER_QUOTA_MB),
    argon2: { memoryCost: 19_456, timeCost: 2 },
    version: packageVersion(),
    instanceId: instanceIdFrom(env.INSTANCE_ID),
    telegramBotToken: parseTelegramToken(env.TELEGRAM_BOT_TOKEN),
    telegramApiUrl: parseTelegramApiUrl(env.TELEGRAM_API_URL),
    brainrotDir: env.BRAINROT_DIR ? path.resolve(env.BRAINROT_DIR) : path.join(dataDir, 'brainrot'),
    ...overrides,
    // Overrides may name only some limits (tests, benchmarks): the others keep their defaults.
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits },
    dataDir,
    jwtSecret: overrides.jwtSecret !== undefined ? overrides.jwtSecret : secretFrom(dataDir, env.JWT_SECRET, databaseUrl),
    tokenEncryptionKey:
      overrides.tokenEncryptionKey !== undefined ? overrides.tokenEncryptionKey : tokenKeyFrom(dataDir, env.TOKEN_ENCRYPTION_KEY, databaseUrl),
  };
}
