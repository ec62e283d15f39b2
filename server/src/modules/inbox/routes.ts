import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { INBOX_NOT_FOUND } from '@adhd/shared/inbox/mutators';
import { inboxConvertSchema, inboxCreateSchema, inboxPatchSchema, type InboxData, type InboxTarget } from '@adhd/shared/inbox/schema';
import { todayInZone } from '@adhd/shared/time';
import { notFound } from '../../lib/errors.js';
import { plannedUpdate, registerEntityRoutes } from '../../lib/entity-routes.js';
import { newId } from '../../lib/ids.js';
import { parse, parseIdParam } from '../../lib/validate.js';
import { getEvent } from '../events/repository.js';
import { getHabit } from '../habits/repository.js';
import { getNote } from '../notes/repository.js';
import type { Db } from '../sync/repository.js';
import { getTask } from '../tasks/repository.js';
import { getInboxItem, getInboxRow, inboxJsons } from './repository.js';

const todayOf = (request: FastifyRequest) => todayInZone(new Date(), request.timeZone);

/** Each target's own GET answer, read in the conversion's transaction. */
const READ_TARGET: Record<InboxTarget, (db: Db, userId: string, id: string, request: FastifyRequest) => Promise<unknown>> = {
  task: getTask,
  event: getEvent,
  habit: (db, userId, id, request) => getHabit(db, userId, id, todayOf(request)),
  note: getNote,
};

/** A converted event or habit without a date starts today in the caller's zone (`x-timezone`), not UTC's. */
function withToday(to: InboxTarget, fields: Record<string, unknown>, request: FastifyRequest): Record<string, unknown> {
  if ((to === 'event' || to === 'habit') && fields.startDate === undefined) return { ...fields, startDate: todayOf(request) };
  return fields;
}

/**
 * The inbox over REST (CONTRACT.md "inbox"): the entity kit over the `inbox.*` mutations, plus the conversion,
 * which creates the target and removes the item in one transaction (`inbox.convert`), or appends the item to a
 * note (`inbox.append`); it answers `{ item, created }` with the target as its own GET answers it.
 */
export const inboxRoutes: FastifyPluginAsync = async (app) => {
  registerEntityRoutes(app, {
    path: '/api/inbox',
    list: (db, userId) => inboxJsons(db, userId),
    notFound: INBOX_NOT_FOUND,
    schemas: { create: inboxCreateSchema, patch: inboxPatchSchema },
    read: getInboxItem,
    create: ({ exec }, id, fields) => exec('inbox.create', { id, ...fields }),
    update: plannedUpdate<InboxData>('inbox', INBOX_NOT_FOUND, ({ exec }, id) => ({
      update: (fields) => exec('inbox.update', { id, ...fields }),
    })),
    remove: 'inbox.delete',
  });

  app.post(`/api/inbox/:id/convert`, { preHandler: app.authenticate }, async (request) => {
    const id = parseIdParam(request.params, INBOX_NOT_FOUND);
    const { to, fields = {}, noteId } = parse(inboxConvertSchema, request.body);
    const userId = request.auth!.id;
    const targetId = noteId ?? newId();
    const answer = await app.sync.run(
      userId,
      async (exec) => {
        if (noteId) await exec('inbox.append', { id, noteId });
        else await exec('inbox.convert', { id, to, targetId, fields: withToday(to, fields, request) });
      },
      async (trx) => ({ item: await getInboxRow(trx, userId, id), created: await READ_TARGET[to](trx, userId, targetId, request) }),
    );
    if (!answer.item || !answer.created) throw notFound(INBOX_NOT_FOUND);
    return answer;
  });
};
