import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@adhd/shared/users/schema';
import { runShaped } from '../db/compiled.js';
import { readOrCreateStoredSecret } from '../db/secrets.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { newId, newSecret, nowIso, sha256 } from '../lib/ids.js';

export const JWT_AUDIENCE = 'adhd-superapp';
export const JWT_ISSUER = 'adhd-superapp-server';
const SECURE_COOKIE = '__Host-sid';
const PLAIN_COOKIE = 'sid';

export interface AuthUser {
  id: string;
  role: Role;
  sessionId: string;
  /** Which credential identified the caller: only the session cookie may be exchanged for a new token. */
  via: 'bearer' | 'cookie';
}

/** A session's expiry moves forward on use at most this often (one write a day per session, not per request). */
const SLIDE_EVERY_MS = 24 * 3600_000;
/** Expired session rows are deleted at start and this often. */
const PRUNE_EVERY_MS = 6 * 3600_000;

interface TokenPayload {
  sub: string;
  sid: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate`. */
    auth: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid bearer token or session cookie. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like authenticate, then 403 unless the user is an admin. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /** Resolve the caller without failing: null when anonymous or invalid. */
    identify: (request: FastifyRequest) => Promise<AuthUser | null>;
    /**
     * The session check of `GET /api/auth/me`: the session cookie when it is valid (it may be exchanged for a
     * fresh token), else the bearer token. One request serves a browser with the cookie and a client that keeps
     * only the token (no failing request at start); null when neither is valid.
     */
    identifySession: (request: FastifyRequest) => Promise<AuthUser | null>;
    sessions: SessionService;
    /**
     * Work other modules need done while an account still exists, just before it is deleted (its rows then
     * cascade): e.g. the Google Calendar module revokes its grant at Google. A failing hook is logged and never
     * stops the deletion.
     */
    beforeAccountDeletion: Array<(userId: string) => Promise<void>>;
  }
}

export interface SessionService {
  /** Start a session: a new session row, its cookie set on the reply, and a fresh access token. */
  start(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<{ token: string; sessionId: string }>;
  /** A new access token for an existing session. */
  tokenFor(userId: string, sessionId: string): string;
  /** End one session (logout). */
  end(sessionId: string): Promise<void>;
  /** End every session of a user, optionally but one. */
  endAll(userId: string, exceptSessionId?: string): Promise<void>;
  /** End the session named by the request's session cookie, if any (logout with a stale bearer token, re-login). */
  endCookieSession(request: FastifyRequest): Promise<void>;
  /** Send the request's session cookie again with the full lifetime, so the browser keeps it as long as the row. */
  renewCookie(request: FastifyRequest, reply: FastifyReply): void;
  clearCookie(request: FastifyRequest, reply: FastifyReply): void;
}

/** The cookie is `__Host-` prefixed and Secure over HTTPS and on localhost; plain HTTP on a LAN gets `sid`. */
function useSecureCookie(request: FastifyRequest): boolean {
  if (request.protocol === 'https') return true;
  const host = (request.hostname ?? '').replace(/:\d+$/, '');
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

function isSafeMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
}

/** `host[:port]` without the scheme's default port, lowercased, so `localhost:80` and `http://localhost` agree. */
function normaliseHost(host: string, protocol: string): string {
  const h = host.toLowerCase();
  const defaultPort = protocol === 'https' ? ':443' : ':80';
  return h.endsWith(defaultPort) ? h.slice(0, -defaultPort.length) : h;
}

/** A cookie-only state change from another site is refused (CSRF; SameSite already blocks modern browsers). */
function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    const url = new URL(origin);
    // request.host honours X-Forwarded-Host only when TRUST_PROXY is set.
    return url.host !== normaliseHost(request.host, url.protocol.replace(':', ''));
  } catch {
    return true;
  }
}

export const authPlugin = fp<{ secret: string | null; accessTokenTtl: number; sessionTtl: number }>(
  async (app, opts) => {
    await app.register(cookie);
    await app.register(jwt, {
      // null: the key shared by every instance of the PostgreSQL store (config.ts `jwtSecret`).
      secret: opts.secret ?? (await readOrCreateStoredSecret(app.db, 'jwt')),
      sign: { algorithm: 'HS256', expiresIn: opts.accessTokenTtl, aud: JWT_AUDIENCE, iss: JWT_ISSUER },
      verify: { algorithms: ['HS256'], allowedAud: JWT_AUDIENCE, allowedIss: JWT_ISSUER, requiredClaims: ['exp', 'sub', 'sid', 'aud', 'iss'] },
    });

    app.decorateRequest('auth', null);
    app.decorate('beforeAccountDeletion', []);

    const ttlMs = opts.sessionTtl * 1000;

    /**
     * The live session row, or null. Use slides it: once its expiry is more than a day behind "now + lifetime"
     * it moves to now + lifetime (so a session used at least every 90 days lives on, with one write a day).
     */
    async function activeSession(sessionId: string) {
      // Every authenticated request runs it: built and compiled once (db/compiled.ts).
      const {
        rows: [row],
      } = await runShaped(app.db, 'auth.activeSession', [sessionId], () =>
        app.db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select(['sessions.id', 'sessions.user_id', 'sessions.expires_at', 'users.role', 'users.disabled'])
          .where('sessions.id', '=', sessionId)
          .compile(),
      );
      const now = Date.now();
      if (!row || row.disabled || Date.parse(row.expires_at) <= now) return null;
      if (Date.parse(row.expires_at) < now + ttlMs - SLIDE_EVERY_MS) {
        await app.db
          .updateTable('sessions')
          .set({ expires_at: new Date(now + ttlMs).toISOString(), last_seen_at: new Date(now).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
      return row;
    }

    const pruneExpired = () => app.db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();
    app.addHook('onReady', async () => {
      await pruneExpired();
    });
    const pruneTimer = setInterval(() => {
      pruneExpired().catch((err: unknown) => app.log.warn({ err }, 'pruning expired sessions failed'));
    }, PRUNE_EVERY_MS);
    pruneTimer.unref();
    app.addHook('onClose', async () => clearInterval(pruneTimer));

    async function fromBearer(request: FastifyRequest): Promise<AuthUser | null> {
      let payload: TokenPayload;
      try {
        payload = await request.jwtVerify<TokenPayload>();
      } catch {
        return null;
      }
      if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
      const session = await activeSession(payload.sid);
      if (!session || session.user_id !== payload.sub) return null;
      return { id: session.user_id, role: session.role, sessionId: session.id, via: 'bearer' };
    }

    function cookieSecret(request: FastifyRequest): string | null {
      const secret = request.cookies[SECURE_COOKIE] ?? request.cookies[PLAIN_COOKIE];
      return secret && secret.length <= 200 ? secret : null;
    }

    async function fromCookie(request: FastifyRequest): Promise<AuthUser | null> {
      const secret = cookieSecret(request);
      if (!secret) return null;
      const row = await app.db
        .selectFrom('sessions')
        .select(['id'])
        .where('token_hash', '=', sha256(secret))
        .executeTakeFirst();
      const session = row ? await activeSession(row.id) : null;
      if (!session) return null;
      return { id: session.user_id, role: session.role, sessionId: session.id, via: 'cookie' };
    }

    async function identify(request: FastifyRequest): Promise<AuthUser | null> {
      if (request.auth) return request.auth;
      const header = request.headers.authorization;
      if (header !== undefined) {
        // A bearer token that is present but invalid is never rescued by the cookie.
        if (!/^Bearer [A-Za-z0-9._-]+$/.test(header)) return null;
        return (request.auth = await fromBearer(request));
      }
      const user = await fromCookie(request);
      if (user && !isSafeMethod(request.method) && isCrossSite(request)) throw forbidden('Cross-site request refused');
      return (request.auth = user);
    }

    async function identifySession(request: FastifyRequest): Promise<AuthUser | null> {
      const user = await fromCookie(request);
      if (user) {
        if (!isSafeMethod(request.method) && isCrossSite(request)) throw forbidden('Cross-site request refused');
        return (request.auth = user);
      }
      const header = request.headers.authorization;
      if (header === undefined || !/^Bearer [A-Za-z0-9._-]+$/.test(header)) return null;
      return (request.auth = await fromBearer(request));
    }

    app.decorate('identify', identify);
    app.decorate('identifySession', identifySession);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      if (!(await identify(request))) throw unauthorized();
    });
    app.decorate('requireAdmin', async (request: FastifyRequest) => {
      const user = await identify(request);
      if (!user) throw unauthorized();
      if (user.role !== 'admin') throw forbidden();
    });

    const tokenFor = (userId: string, sessionId: string) => app.jwt.sign({ sub: userId, sid: sessionId });

    const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, secret: string) => {
      const secure = useSecureCookie(request);
      reply.setCookie(secure ? SECURE_COOKIE : PLAIN_COOKIE, secret, {
        path: '/',
        httpOnly: true,
        secure,
        sameSite: 'lax',
        maxAge: opts.sessionTtl,
      });
    };

    const clearCookie = (request: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(SECURE_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
      reply.clearCookie(PLAIN_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax' });
    };

    app.decorate('sessions', {
      tokenFor,
      clearCookie,
      async start(request, reply, userId) {
        const sessionId = newId();
        const secret = newSecret();
        const now = new Date();
        await app.db
          .insertInto('sessions')
          .values({
            id: sessionId,
            user_id: userId,
            token_hash: sha256(secret),
            created_at: now.toISOString(),
            last_seen_at: now.toISOString(),
            expires_at: new Date(now.getTime() + opts.sessionTtl * 1000).toISOString(),
            user_agent: String(request.headers['user-agent'] ?? '').slice(0, 200) || null,
          })
          .execute();
        setSessionCookie(request, reply, secret);
        return { token: tokenFor(userId, sessionId), sessionId };
      },
      async end(sessionId) {
        await app.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
        app.syncHub.endSessions(null, [sessionId]);
      },
      async endAll(userId, exceptSessionId) {
        let q = app.db.deleteFrom('sessions').where('user_id', '=', userId);
        if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
        await q.execute();
        app.syncHub.endSessions(userId, 'all', exceptSessionId);
      },
      async endCookieSession(request) {
        const secret = cookieSecret(request);
        const ended = secret ? await app.db.deleteFrom('sessions').where('token_hash', '=', sha256(secret)).returning('id').execute() : [];
        app.syncHub.endSessions(null, ended.map((s) => s.id));
      },
      renewCookie(request, reply) {
        const secret = cookieSecret(request);
        if (secret) setSessionCookie(request, reply, secret);
      },
    } satisfies SessionService);
  },
  { name: 'auth', dependencies: ['db'] },
);
