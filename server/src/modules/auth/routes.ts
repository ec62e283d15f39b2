import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { AppConfig } from '../../config.js';
import { tooManyRequests } from '../../lib/errors.js';
import { accountRoutes } from './account-routes.js';
import { authContext } from './context.js';
import { googleRoutes } from './google-routes.js';
import { passwordRoutes } from './password-routes.js';
import { registerRoutes } from './register-routes.js';
import { sessionRoutes } from './session-routes.js';

/**
 * `/api/auth/*` (SPEC section 7, CONTRACT.md password reset). Besides the persistent per-account and per-IP
 * credential limits (plugins/rate-limit.ts), every route here is capped per IP and minute (anti-automation,
 * ASVS 2.4.1), which also bounds the Argon2 work one client can cause.
 */
export const authRoutes: FastifyPluginAsync<{ config: AppConfig }> = async (app, opts) => {
  await app.register(rateLimit, {
    global: true,
    max: opts.config.rateLimits.authRequestsPerIpMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
  const ctx = authContext(app, opts.config);
  // ADMIN_EMAILS applies to accounts that already exist, too (CONTRACT.md).
  const promoted = await ctx.users.promoteAdmins(opts.config.adminEmails);
  if (promoted) app.log.info({ event: 'admins_promoted', count: promoted }, 'ADMIN_EMAILS applied to existing accounts');
  sessionRoutes(app, ctx);
  registerRoutes(app, ctx);
  passwordRoutes(app, ctx);
  accountRoutes(app, ctx);
  googleRoutes(app, ctx);
};
