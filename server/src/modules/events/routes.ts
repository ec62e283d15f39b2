import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { EVENT_NOT_FOUND } from '@adhd/shared/events/store';
import { isAllowedRange, MAX_RANGE_DAYS, monthRange, upcomingRange, weekRange, type DayRange } from '@adhd/shared/events/ranges';
import {
  eventCreateSchema,
  eventDateQuerySchema,
  eventDaysQuerySchema,
  eventPatchSchema,
  eventWeekQuerySchema,
  isReadOnlyEvent,
  READ_ONLY_MESSAGE,
  withEventDefaults,
  type EventData,
} from '@adhd/shared/events/schema';
import { todayInZone } from '@adhd/shared/time';
import { registerEntityRoutes, plannedUpdate } from '../../lib/entity-routes.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { readStored } from '../../lib/rest-update.js';
import { parse } from '../../lib/validate.js';
import { sendJsonArray } from '../../lib/json-stream.js';
import { AnswerCache } from './answer-cache.js';
import { eventJsons, getEvent, occurrencesAnswer } from './repository.js';

/**
 * Events over REST (SPEC section 7): the entity kit over the `event.*` mutations, and the range routes, which
 * answer occurrences (recurring events expanded, task-sourced events for tasks with a due date) in the request's
 * `x-timezone`. The POST and PUT schemas hold only client fields: `_id` of a PUT, `createdAt`, `updatedAt` and the
 * server-only fields (`source`, `sourceId`, `calendarId`, `uid`, `readonly`) of any body are dropped, not refused.
 * A read-only event (`readonly`, or from Google) answers PUT and DELETE with 403.
 */

/** A range answer up to about this many bytes is sent as one buffer rather than streamed. */
const ONE_WRITE_MAX = 4_000_000;

const update = plannedUpdate<EventData>('event', EVENT_NOT_FOUND, ({ exec }, id) => ({
  update: (fields) => exec('event.update', { id, ...fields }),
}));

export interface EventRouteOptions {
  /** Bytes of range answers kept per app (answer-cache.ts); 0 keeps none. */
  answerCacheBytes?: number;
}

export const eventRoutes: FastifyPluginAsync<EventRouteOptions> = async (app, opts) => {
  const answers = opts.answerCacheBytes === 0 ? undefined : new AnswerCache(opts.answerCacheBytes);
  registerEntityRoutes(app, {
    path: '/api/events',
    notFound: EVENT_NOT_FOUND,
    schemas: { create: eventCreateSchema, patch: eventPatchSchema },
    read: getEvent,
    list: (db, userId) => eventJsons(db, userId),
    create: ({ exec }, id, fields) => exec('event.create', { id, ...fields }),
    update: async (w, id, patch, base) => {
      // Refused before the plan: a PUT that changes nothing must still answer 403 on a read-only event.
      const stored = await readStored<EventData>(w.trx, w.userId, 'event', id);
      if (!stored || stored.deleted) throw notFound(EVENT_NOT_FOUND);
      if (isReadOnlyEvent(withEventDefaults(stored.data))) throw forbidden(READ_ONLY_MESSAGE);
      await update(w, id, patch, base);
    },
    remove: 'event.delete',
  });

  const auth = { preHandler: app.authenticate };
  const answerRange = async (request: FastifyRequest, reply: FastifyReply, range: DayRange) => {
    const answer = await occurrencesAnswer(app.db, request.auth!.id, range, request.timeZone, ONE_WRITE_MAX, answers);
    // Up to a few MB the answer goes out as one buffer (one write); a longer one streams.
    if (!Buffer.isBuffer(answer)) return sendJsonArray(reply, answer);
    return reply.type('application/json; charset=utf-8').send(answer);
  };

  /** Today and the next six days in `x-timezone`, as occurrences in start order. */
  app.get('/api/events/upcoming', auth, async (request, reply) => answerRange(request, reply, upcomingRange(todayInZone(new Date(), request.timeZone))));

  app.get('/api/events/by-day', auth, async (request, reply) => {
    const { date } = parse(eventDateQuerySchema, request.query, 'query');
    return answerRange(request, reply, { from: date, to: date });
  });

  app.get('/api/events/by-days', auth, async (request, reply) => {
    const range = parse(eventDaysQuerySchema, request.query, 'query');
    if (!isAllowedRange(range.from, range.to)) {
      const message = `The range must run forward and span at most ${MAX_RANGE_DAYS} days`;
      throw badRequest([{ field: 'to', key: 'validation.invalid', message }], message);
    }
    return answerRange(request, reply, range);
  });

  app.get('/api/events/by-week', auth, async (request, reply) => {
    const { date, weekStartDay } = parse(eventWeekQuerySchema, request.query, 'query');
    return answerRange(request, reply, weekRange(date, weekStartDay));
  });

  /** The calendar month holding `date` (its first to last day); the month grid's leading and trailing weeks are the client's. */
  app.get('/api/events/by-month', auth, async (request, reply) => {
    const { date } = parse(eventDateQuerySchema, request.query, 'query');
    return answerRange(request, reply, monthRange(date));
  });
};
