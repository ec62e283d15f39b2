import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteAccountSchema, profileSchema } from '@adhd/shared/users/schema';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { parse } from '../../lib/validate.js';
import { stripUndefined, toPublicUser } from '../user/public-user.js';
import { confirmPassword, removeUploads, type AuthContext } from './context.js';
import { confirmGoogle } from './google-identity.js';

/** Fields a user may never set on their own account (ASVS 8.2.3); sending one is a 403 and changes nothing. */
const PRIVILEGED_FIELDS = ['role', 'email_verified', 'emailVerified', 'disabled'];

/** Profile and account deletion (Google sign-in and linking: google-routes.ts). */
export function accountRoutes(app: FastifyInstance, ctx: AuthContext) {
  async function currentUser(request: FastifyRequest) {
    const user = request.auth ? await ctx.users.findById(request.auth.id) : undefined;
    if (!user) throw unauthorized();
    return user;
  }

  app.put('/api/auth/profile', { preHandler: app.authenticate }, async (request) => {
    const raw = request.body;
    if (raw !== null && typeof raw === 'object') {
      const sent = PRIVILEGED_FIELDS.filter((f) => Object.hasOwn(raw, f));
      if (sent.length) {
        request.log.warn({ event: 'privileged_field_refused', userId: request.auth?.id, fields: sent }, 'profile update refused');
        throw forbidden('You cannot change this field');
      }
    }
    const input = parse(profileSchema, raw);
    const user = await currentUser(request);
    await ctx.users.update(
      user.id,
      stripUndefined({
        name: input.name,
        timezone: input.timezone,
        week_start_day: input.weekStartDay,
        clock_mode: input.clockMode,
        brainrot_enabled: input.brainrotEnabled === undefined ? undefined : input.brainrotEnabled ? 1 : 0,
        marketing_consent: input.marketingConsent === undefined ? undefined : input.marketingConsent ? 1 : 0,
      }),
    );
    request.log.info({ event: 'profile_updated', userId: user.id }, 'profile updated');
    return { user: toPublicUser(await currentUser(request)) };
  });

  /**
   * Deletes the account with everything it owns (rows cascade) and its uploads folder; the token dies. The
   * password confirms it (CONTRACT.md "account"), so a borrowed device or a stolen token cannot. An account
   * without a password (created through Google) confirms with a fresh ID token of its own linked Google account
   * (`googleToken`): the same proof it signs in with, which a stolen access token does not give.
   */
  app.post('/api/auth/delete-account', { preHandler: app.authenticate }, async (request, reply) => {
    const { password, googleToken } = parse(deleteAccountSchema, request.body ?? {});
    const user = await currentUser(request);
    if (user.password_hash === '') await confirmGoogle(ctx, request, user, googleToken);
    else await confirmPassword(app, ctx, request, user, { field: 'password', password });
    for (const hook of app.beforeAccountDeletion) {
      await hook(user.id).catch((err: unknown) => request.log.warn({ err }, 'account deletion: a module could not tidy up'));
    }
    await ctx.users.delete(user.id);
    await ctx.codes.deleteFor(user.email);
    await removeUploads(ctx, user.id);
    app.sessions.clearCookie(request, reply);
    request.log.info({ event: 'account_deleted', userId: user.id }, 'account deleted');
    return { success: true };
  });

}
