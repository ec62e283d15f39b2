import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Per-IP and per-account limits. Tests and benchmarks may raise them; operators rarely need to. */
export interface RateLimits {
  /** Failed logins evaluated per account per hour (ASVS 2.2.1: at most 100). */
  failedLoginsPerAccountHour: number;
  /** Failed logins per IP per 10 minutes. */
  failedLoginsPerIp10m: number;
  /** Code and reset-mail sends per IP per 10 minutes. */
  codeSendsPerIp10m: number;
  /** Failed code checks per IP per 10 minutes. */
  codeChecksPerIp10m: number;
  /** Requests per IP per minute to each credential route (login, register, codes, reset): anti-automation. */
  authRequestsPerIpMinute: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** `postgres://…` when set; the embedded SQLite file otherwise. */
  databaseUrl: string | null;
  jwtSecret: string;
  smtpUrl: string | null;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  adminEmails: string[];
  /** Trust X-Forwarded-* from a reverse proxy. */
  trustProxy: boolean;
  /** Google OAuth client id (`GOOGLE_CLIENT_ID`); null means Google sign-in reports itself unavailable. */
  googleClientId: string | null;
  /** Public base URL used in mail links; defaults to the request's origin. */
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
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  failedLoginsPerAccountHour: 100,
  failedLoginsPerIp10m: 100,
  codeSendsPerIp10m: 100,
  codeChecksPerIp10m: 100,
  authRequestsPerIpMinute: 600,
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

function secretFrom(dataDir: string, given: string | undefined): string {
  if (given && given.length >= 32) return given;
  if (given) throw new Error('JWT_SECRET must be at least 32 characters');
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function quotaMb(given: string | undefined): number {
  if (given === undefined || given === '') return 500;
  const mb = Number(given);
  if (!Number.isFinite(mb) || mb <= 0) throw new Error('USER_QUOTA_MB must be a positive number of megabytes');
  return mb;
}

/** Configuration from the environment (CONTRACT.md), with overrides for tests. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const defaultDist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../client/dist');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'ADHD SuperApp <no-reply@localhost>',
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : null,
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    clientDist: existsSync(defaultDist) ? defaultDist : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    rateLimits: { ...DEFAULT_RATE_LIMITS },
    accessTokenTtl: 15 * 60,
    sessionTtl: 90 * 24 * 3600,
    userQuotaMb: quotaMb(env.USER_QUOTA_MB),
    argon2: { memoryCost: 19_456, timeCost: 2 },
    version: packageVersion(),
    ...overrides,
    dataDir,
    jwtSecret: overrides.jwtSecret ?? secretFrom(dataDir, env.JWT_SECRET),
  };
}
