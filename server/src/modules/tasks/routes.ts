import type { FastifyPluginAsync } from 'fastify';
import { isTaskPending } from '@adhd/shared/tasks/logic';
import { taskCreateSchema, taskPageQuerySchema, taskPatchSchema, type TaskData } from '@adhd/shared/tasks/schema';
import { todayInZone } from '@adhd/shared/time';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { applyChanges, baseVersionOf, prepareUpdate } from '../../lib/rest-update.js';
import { parse, parseIdParam } from '../../lib/validate.js';
import { jsonEach, sendJsonArray } from '../../lib/json-stream.js';
import { getTask, listTaskJsons, listTasks } from './repository.js';

/** Tasks over REST (SPEC section 7): thin wrappers over the same named mutations the sync protocol runs. */
export const taskRoutes: FastifyPluginAsync = async (app) => {
  const auth = { preHandler: app.authenticate };

  app.get('/api/tasks', auth, async (request, reply) => {
    const page = parse(taskPageQuerySchema, request.query, 'query');
    return sendJsonArray(reply, await listTaskJsons(app.db, request.auth!.id, page));
  });

  app.get('/api/tasks/pending', auth, async (request, reply) => {
    const tz = request.timeZone;
    const today = todayInZone(new Date(), tz);
    const tasks = await listTasks(app.db, request.auth!.id);
    return sendJsonArray(reply, jsonEach(tasks.filter((t) => isTaskPending(t, today, tz))));
  });

  app.get('/api/tasks/:id', auth, async (request) => {
    const task = await getTask(app.db, request.auth!.id, parseIdParam(request.params, 'Task not found'));
    if (!task) throw notFound('Task not found');
    return task;
  });

  app.post('/api/tasks', auth, async (request, reply) => {
    const { _id, ...fields } = parse(taskCreateSchema, request.body);
    const id = _id ?? newId();
    const userId = request.auth!.id;
    const task = await app.sync.run(
      userId,
      (exec) => exec('task.create', { id, ...fields }).then(() => undefined),
      (trx) => getTask(trx, userId, id),
    );
    return reply.status(201).send(task);
  });

  app.put('/api/tasks/:id', auth, async (request) => {
    const id = parseIdParam(request.params, 'Task not found');
    const patch = parse(taskPatchSchema, request.body ?? {});
    const base = baseVersionOf(request.body, request.headers['if-match']);
    const userId = request.auth!.id;
    const task = await app.sync.run(
      userId,
      async (exec, trx) => {
        const { changed } = await prepareUpdate<TaskData>(trx, userId, 'task', id, patch, base, 'Task not found');
        await applyChanges(changed, {
          update: (fields) => exec('task.update', { id, ...fields }),
          move: { field: 'parent', run: (parent) => exec('task.move', { id, parent }) },
        });
      },
      (trx) => getTask(trx, userId, id),
    );
    return task;
  });

  app.delete('/api/tasks/:id', auth, async (request) => {
    const id = parseIdParam(request.params, 'Task not found');
    await app.sync.run(request.auth!.id, (exec) => exec('task.delete', { id }).then(() => undefined), async () => null);
    return { success: true };
  });
};
