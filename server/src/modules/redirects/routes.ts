import type { FastifyPluginAsync } from 'fastify';
import { normaliseRedirectPath, redirectLookupSchema, redirectSchema } from '@adhd/shared/admin/schema';
import { conflict, notFound } from '../../lib/errors.js';
import { parse, parseIdParam } from '../../lib/validate.js';
import { isUniqueViolation } from '../user/repository.js';
import { redirectsRepository } from './repository.js';

const RULE_NOT_FOUND = 'Redirect not found';
const duplicate = () => conflict('DUPLICATE_REDIRECT', 'A redirect for this path already exists');

/**
 * Path redirects (CONTRACT.md "admin", "public config"): admins keep the rules; everyone may read them, one path
 * at a time (`?path=`, `{ target }` or 404) or all at once (`{ rules }`, the client's cached list).
 */
export const redirectRoutes: FastifyPluginAsync = async (app) => {
  const rules = redirectsRepository(app.db);

  app.get('/api/redirects', async (request, reply) => {
    const { path } = parse(redirectLookupSchema, request.query, 'query');
    reply.header('cache-control', 'no-cache');
    if (path === undefined) {
      return { rules: (await rules.list()).map(({ from, to }) => ({ from, to })) };
    }
    const rule = await rules.find(normaliseRedirectPath(path.trim()));
    if (!rule) throw notFound('No redirect for this path');
    return { target: rule.to };
  });

  app.get('/api/admin/redirects', { preHandler: app.requireAdmin }, async () => rules.list());

  app.post('/api/admin/redirects', { preHandler: app.requireAdmin }, async (request, reply) => {
    const body = parse(redirectSchema, request.body);
    if (await rules.find(body.from)) throw duplicate();
    try {
      const rule = await rules.create(body);
      request.log.info({ event: 'redirect_created', userId: request.auth?.id, redirectId: rule._id }, 'redirect created');
      return reply.status(201).send(rule);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
  });

  app.put('/api/admin/redirects/:id', { preHandler: app.requireAdmin }, async (request) => {
    const id = parseIdParam(request.params, RULE_NOT_FOUND);
    const body = parse(redirectSchema, request.body);
    const other = await rules.find(body.from);
    if (other && other._id !== id) throw duplicate();
    try {
      if (!(await rules.update(id, body))) throw notFound(RULE_NOT_FOUND);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
    request.log.info({ event: 'redirect_updated', userId: request.auth?.id, redirectId: id }, 'redirect updated');
    return (await rules.get(id))!;
  });

  app.delete('/api/admin/redirects/:id', { preHandler: app.requireAdmin }, async (request) => {
    const id = parseIdParam(request.params, RULE_NOT_FOUND);
    if (!(await rules.delete(id))) throw notFound(RULE_NOT_FOUND);
    request.log.info({ event: 'redirect_deleted', userId: request.auth?.id, redirectId: id }, 'redirect deleted');
    return { success: true };
  });
};
