import type { FastifyPluginAsync } from 'fastify';
import { tagIdFor } from '@adhd/shared/tags/ids';
import type { TagData } from '@adhd/shared/tags/mutators';
import { tagCreateSchema, tagPatchSchema, tagRefSchema, tagsByItemQuerySchema, tagsByTagQuerySchema } from '@adhd/shared/tags/schema';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { plannedUpdate, registerEntityRoutes } from '../../lib/entity-routes.js';
import { parse, parseIdParam } from '../../lib/validate.js';
import { jsonEach, sendJsonArray } from '../../lib/json-stream.js';
import { getTag, isLive, listTags, refsByItem, refsByTag, tagIdTaken } from './repository.js';

const isNonEmptyObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0;

/**
 * Tags and tag references over REST (SPEC section 7): thin wrappers over the `tag.*` and `tagRef.*` mutations
 * the sync protocol runs. A reference is the tag's id in the item's `tags` array; no other row stores it.
 */
export const tagRoutes: FastifyPluginAsync = async (app) => {
  const auth = { preHandler: app.authenticate };

  registerEntityRoutes(app, {
    path: '/api/tags',
    list: async (db, userId) => jsonEach(await listTags(db, userId)),
    notFound: 'Tag not found',
    schemas: { create: tagCreateSchema, patch: tagPatchSchema },
    read: getTag,
    // The name's own id converges offline creations; once taken (a deleted tag, or a tag renamed since) a new
    // tag of that name gets a fresh id. A live tag of the same name is refused by tag.create.
    idFor: async ({ trx, userId }, fields) => {
      const id = tagIdFor(userId, fields.name);
      return (await tagIdTaken(trx, userId, id)) ? newId() : id;
    },
    create: ({ exec }, id, fields) => exec('tag.create', { id, ...fields }),
    update: plannedUpdate<TagData>('tag', 'Tag not found', ({ exec }, id) => ({ update: (fields) => exec('tag.update', { id, ...fields }) })),
    remove: 'tag.delete',
  });

  app.get('/api/tags/:id/usage-count', auth, async (request) => {
    const tag = await getTag(app.db, request.auth!.id, parseIdParam(request.params, 'Tag not found'));
    if (!tag) throw notFound('Tag not found');
    return { count: tag.usageCount };
  });

  app.post('/api/tag-references', auth, async (request, reply) => {
    const ref = parse(tagRefSchema, request.body);
    await app.sync.run(request.auth!.id, (exec) => exec('tagRef.add', ref).then(() => undefined), async () => null);
    return reply.status(201).send(ref);
  });

  app.delete('/api/tag-references', auth, async (request) => {
    // The spec sends the reference as a JSON body; clients that cannot send a body on DELETE use the query.
    const fromBody = isNonEmptyObject(request.body);
    const ref = parse(tagRefSchema, fromBody ? request.body : request.query, fromBody ? 'body' : 'query');
    await app.sync.run(request.auth!.id, (exec) => exec('tagRef.remove', ref).then(() => undefined), async () => null);
    return { success: true };
  });

  app.get('/api/tag-references/by-item', auth, async (request) => {
    const { itemId, itemType } = parse(tagsByItemQuerySchema, request.query, 'query');
    const refs = await refsByItem(app.db, request.auth!.id, itemId, itemType);
    if (!refs) throw notFound('Item not found');
    return refs;
  });

  app.get('/api/tag-references/by-tag', auth, async (request, reply) => {
    const { tagId, itemType } = parse(tagsByTagQuerySchema, request.query, 'query');
    const userId = request.auth!.id;
    if (!(await isLive(app.db, userId, 'tag', tagId))) throw notFound('Tag not found');
    return sendJsonArray(reply, jsonEach(await refsByTag(app.db, userId, tagId, itemType)));
  });
};
