import type { FastifyPluginAsync } from 'fastify';
import { adminUserPatchSchema, adminUsersQuerySchema } from '@adhd/shared/admin/schema';
import { conflict, notFound } from '../../lib/errors.js';
import { parse, parseIdParam } from '../../lib/validate.js';
import { adminUsersRepository } from './repository.js';

const USER_NOT_FOUND = 'User not found';

/**
 * The admin user list and role / disabled changes (CONTRACT.md "admin"; admins only). Disabling ends every
 * session of the user at once (their tokens, cookies and open sync streams, here and on other instances); login
 * then answers 403 ACCOUNT_DISABLED. An admin cannot remove their own admin role or disable themselves.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const users = adminUsersRepository(app.db);

  app.get('/api/admin/users', { preHandler: app.requireAdmin }, async (request) => {
    const query = parse(adminUsersQuerySchema, request.query, 'query');
    return users.list(query.q, query.page ?? 1);
  });

  app.patch('/api/admin/users/:id', { preHandler: app.requireAdmin }, async (request) => {
    const id = parseIdParam(request.params, USER_NOT_FOUND);
    const patch = parse(adminUserPatchSchema, request.body);
    const before = await users.get(id);
    if (!before) throw notFound(USER_NOT_FOUND);
    const self = request.auth?.id === id;
    if (self && patch.role === 'user') throw conflict('SELF_CHANGE', 'You cannot remove your own admin role');
    if (self && patch.disabled === true) throw conflict('SELF_CHANGE', 'You cannot disable your own account');
    await users.update(id, patch);
    // The flag already refuses every session (auth.ts checks it per request); deleting the rows and closing the
    // streams makes it immediate and final: enabling again never revives an old session.
    if (patch.disabled === true) await app.sessions.endAll(id);
    request.log.info(
      { event: 'admin_user_changed', userId: request.auth?.id, targetUserId: id, change: patch },
      'admin changed a user',
    );
    return (await users.get(id)) ?? before;
  });
};
