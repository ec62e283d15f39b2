import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DAY_ERRORS } from '@adhd/shared/habits/mutators';
import { isPendingToday } from '@adhd/shared/habits/view';
import {
  habitCompleteBodySchema,
  habitCompleteQuerySchema,
  habitCreateSchema,
  habitDaysSchema,
  habitMonthParamsSchema,
  habitPatchSchema,
  type Habit,
  type HabitData,
  type HabitDayStatus,
  type HabitDaysInput,
  type HabitHistoryEntry,
} from '@adhd/shared/habits/schema';
import { todayInZone } from '@adhd/shared/time';
import { badRequest, notFound } from '../../lib/errors.js';
import { registerEntityRoutes } from '../../lib/entity-routes.js';
import { applyChanges, changedSinceBase, prepareUpdate } from '../../lib/rest-update.js';
import { parse, parseIdParam } from '../../lib/validate.js';
import { jsonEach, sendJsonArray } from '../../lib/json-stream.js';
import { findHabitDays, getHabit, listHabits } from './repository.js';

const statusOf = (e: HabitHistoryEntry): HabitDayStatus => e.status ?? (e.completed === false ? 'miss' : 'complete');

function futureDate(): never {
  throw badRequest([{ field: 'date', key: DAY_ERRORS.future, message: 'A future date cannot be marked' }], 'A future date cannot be marked');
}

/** The per-day `habit.setDay` calls that turn the stored days into `wanted` (absent days become empty). */
function diffHistory(current: Habit['completionHistory'], wanted: HabitHistoryEntry[], today: string) {
  const next = new Map<string, HabitDayStatus>();
  for (const e of wanted) next.set(e.date, statusOf(e));
  const now = new Map(current.map((e) => [e.date, e.status]));
  const calls: { date: string; status: HabitDayStatus }[] = [];
  for (const [date, status] of next) if ((now.get(date) ?? 'empty') !== status) calls.push({ date, status });
  for (const [date] of now) if (!next.has(date)) calls.push({ date, status: 'empty' });
  if (calls.some((c) => c.date > today && c.status !== 'empty')) futureDate();
  return calls.sort((a, b) => (a.date < b.date ? -1 : 1));
}

/**
 * The `habit.setDay` calls a body's day fields ask for: the history diff, then `completedToday` when it differs
 * from today's state after that diff (true marks today complete, false clears a completion).
 */
function dayCalls(current: Habit['completionHistory'], body: HabitDaysInput, today: string) {
  const calls = body.completionHistory ? diffHistory(current, body.completionHistory, today) : [];
  if (body.completedToday !== undefined) {
    const todayStatus = calls.findLast((c) => c.date === today)?.status ?? current.find((e) => e.date === today)?.status ?? 'empty';
    if ((todayStatus === 'complete') !== body.completedToday) calls.push({ date: today, status: body.completedToday ? 'complete' : 'empty' });
  }
  return calls;
}

/**
 * Habits over REST (SPEC section 7): thin wrappers over the `habit.*` mutations the sync protocol runs.
 * "Today" (future dates, completedToday, pending, streaks) is the date in the request's `x-timezone`.
 */
export const habitRoutes: FastifyPluginAsync = async (app) => {
  const auth = { preHandler: app.authenticate };
  const todayOf = (request: { timeZone: string }) => todayInZone(new Date(), request.timeZone);

  registerEntityRoutes(app, {
    path: '/api/habits',
    list: async (db, userId, request) => jsonEach(await listHabits(db, userId, todayOf(request))),
    notFound: 'Habit not found',
    schemas: { create: habitCreateSchema, patch: habitPatchSchema, extra: habitDaysSchema },
    read: (db, userId, id, request) => getHabit(db, userId, id, todayOf(request)),
    create: async ({ exec, request }, id, fields, days) => {
      const today = todayOf(request);
      await exec('habit.create', { id, ...fields, startDate: fields.startDate ?? today });
      for (const c of dayCalls([], days, today)) await exec('habit.setDay', { habitId: id, ...c });
    },
    update: async ({ exec, trx, userId, request }, id, patch, base, days) => {
      const today = todayOf(request);
      const { changed } = await prepareUpdate<HabitData>(trx, userId, 'habit', id, patch, base, 'Habit not found');
      const current = (await getHabit(trx, userId, id, today))!;
      await applyChanges(changed, { update: (fields) => exec('habit.update', { id, ...fields }) });
      // A full completionHistory is diffed into per-day calls, so a stale copy only touches the days it changes;
      // completedToday changes today only when it differs from today's state. With a base version, a day
      // marked or cleared after it (each day is its own row with its own version) keeps its newer state.
      const dayVersions = base === null ? new Map<string, number>() : new Map((await findHabitDays(trx, userId, id)).map((d) => [d.date, d.version]));
      for (const c of dayCalls(current.completionHistory, days, today)) {
        if (!changedSinceBase(dayVersions, c.date, base)) await exec('habit.setDay', { habitId: id, ...c });
      }
    },
    remove: 'habit.delete',
  });

  app.get('/api/habits/pending', auth, async (request, reply) => {
    const today = todayOf(request);
    const habits = await listHabits(app.db, request.auth!.id, today);
    return sendJsonArray(reply, jsonEach(habits.filter((h) => isPendingToday(h, h.todayStatus, today))));
  });

  /** One day to an absolute status, answering the updated habit (refused on future and unscheduled days). */
  const setDay = (request: FastifyRequest, id: string, date: string, status: HabitDayStatus) => {
    const userId = request.auth!.id;
    const today = todayOf(request);
    return app.sync.run(
      userId,
      async (exec, trx) => {
        if (!(await getHabit(trx, userId, id, today))) throw notFound('Habit not found');
        if (date > today) futureDate();
        await exec('habit.setDay', { habitId: id, date, status });
      },
      (trx) => getHabit(trx, userId, id, today),
    );
  };

  app.post('/api/habits/:id/complete', auth, async (request) => {
    const id = parseIdParam(request.params, 'Habit not found');
    const { date, status } = parse(habitCompleteBodySchema, request.body);
    return setDay(request, id, date, status);
  });

  /** design/sync.md §5: `DELETE /api/habits/{id}/complete?date=` clears the day (status empty). */
  app.delete('/api/habits/:id/complete', auth, async (request) => {
    const id = parseIdParam(request.params, 'Habit not found');
    const { date } = parse(habitCompleteQuerySchema, request.query, 'query');
    return setDay(request, id, date, 'empty');
  });

  app.get('/api/habits/:id/month/:year/:month', auth, async (request) => {
    const id = parseIdParam(request.params, 'Habit not found');
    const { year, month } = parse(habitMonthParamsSchema, { year: (request.params as { year?: unknown }).year, month: (request.params as { month?: unknown }).month }, 'params');
    const habit = await getHabit(app.db, request.auth!.id, id, todayOf(request));
    if (!habit) throw notFound('Habit not found');
    const prefix = `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-`;
    return {
      completionHistory: habit.completionHistory.filter((e) => e.date.startsWith(prefix)),
      completedToday: habit.completedToday,
    };
  });
};
