import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginSchema } from '@adhd/shared/users/schema';
import { parse } from '../../lib/validate.js';
import { toPublicUser } from '../user/public-user.js';
import type { UserRow } from '../user/repository.js';
import { accountDisabled, checkPassword, invalidCredentials, type AuthContext } from './context.js';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.js';

/** The token of a `Bearer …` header (identify has already checked its form). */
const bearerToken = (header: string | undefined) => (header ?? '').slice('Bearer '.length);

/**
 * Signs `user` in on this browser: a new session (and token) at every sign-in (ASVS 7.2.4), ending a session this
 * browser held before; sets the session cookie and answers the login body `{ user, token }`. Login and Google
 * sign-in both end here.
 */
export async function signIn(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, user: UserRow) {
  await app.sessions.endCookieSession(request);
  const { token } = await app.sessions.start(request, reply, user.id);
  return { user: toPublicUser(user), token };
}

/** Login, session restore (`me`) and logout. */
export function sessionRoutes(app: FastifyInstance, ctx: AuthContext) {
  /**
   * Wrong email and wrong password answer the same 401 after the same Argon2 work (a dummy hash for unknown
   * emails). The attempt is reserved against the per-IP and per-account limits before the password is
   * evaluated and released only on success, so at most N attempts per window are ever evaluated.
   */
  app.post('/api/auth/login', async (request, reply) => {
    const { email, password } = parse(loginSchema, request.body);
    let found: Awaited<ReturnType<typeof ctx.users.findByEmail>>;
    const user = await checkPassword(app, ctx.loginRules(request.ip, email), { email, ip: request.ip }, async () => {
      found = await ctx.users.findByEmail(email);
      // An account without a password (created through Google, '') is checked like an unknown email: same work, 401.
      const stored = found?.password_hash || (await dummyHash(ctx.config.argon2));
      const ok = await verifyPassword(stored, password);
      return found?.password_hash && ok ? found : null;
    });
    if (!user) {
      request.log.info({ event: 'login_failed', userId: found?.id ?? null }, 'login failed');
      throw invalidCredentials();
    }
    // Only the right password learns that the account is disabled (a wrong one stays an ordinary 401).
    if (user.disabled) {
      request.log.info({ event: 'login_refused_disabled', userId: user.id }, 'login refused: account disabled');
      throw accountDisabled();
    }
    if (needsRehash(user.password_hash, ctx.config.argon2)) {
      await ctx.users.update(user.id, { password_hash: await hashPassword(password, ctx.config.argon2) });
    }
    const answer = await signIn(app, request, reply, user);
    request.log.info({ event: 'login_ok', userId: user.id }, 'login succeeded');
    return answer;
  });

  /**
   * Restores a session from the cookie and hands out a fresh access token (and renews the cookie). Without a
   * valid cookie the bearer token is checked (a client that keeps only the token): such a caller only learns
   * whether its token is valid and gets that same token back: a token never renews itself, so a stolen one dies
   * when it expires. The client sends both, so one request answers either kind of client.
   */
  app.get('/api/auth/me', async (request, reply) => {
    const auth = await app.identifySession(request).catch(() => null);
    const user = auth ? await ctx.users.findById(auth.id) : undefined;
    if (!auth || !user) {
      return reply.status(401).send({
        error: { code: 'UNAUTHORIZED', message: 'Unauthorized access' },
        authenticated: false,
        user: null,
        token: null,
      });
    }
    if (auth.via === 'bearer') {
      return { authenticated: true, user: toPublicUser(user), token: bearerToken(request.headers.authorization) };
    }
    app.sessions.renewCookie(request, reply);
    return { authenticated: true, user: toPublicUser(user), token: app.sessions.tokenFor(user.id, auth.sessionId) };
  });

  /** Ends the current session (its tokens and cookie die); succeeds when not signed in. */
  app.post('/api/auth/logout', async (request, reply) => {
    const auth = await app.identify(request);
    if (auth) await app.sessions.end(auth.sessionId);
    await app.sessions.endCookieSession(request);
    app.sessions.clearCookie(request, reply);
    request.log.info({ event: 'logout', userId: auth?.id ?? null }, 'logout');
    return { success: true };
  });
}
