import type { FastifyPluginAsync } from 'fastify';
import { searchQuerySchema } from '@adhd/shared/search/schema';
import { todayInZone } from '@adhd/shared/time';
import { parse } from '../../lib/validate.js';
import { search } from './repository.js';

/**
 * `GET /api/search?q&type` (SPEC section 7, docs/search.md): `{ results: [{ type, id, data }], total }`. A blank
 * query answers no results without a database call; a `q` over 200 characters or an unknown `type` is a 400
 * naming the field.
 */
export const searchRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/search', { preHandler: app.authenticate }, async (request) => {
    const { q, type } = parse(searchQuerySchema, request.query, 'query');
    return search(app.db, request.auth!.id, q, type, todayInZone(new Date(), request.timeZone));
  });
};
