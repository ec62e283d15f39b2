import type { FastifyPluginAsync } from 'fastify';
import { isTaskPending } from '@adhd/shared/tasks/logic';
import { taskCreateSchema, taskPageQuerySchema, taskPatchSchema, type TaskData } from '@adhd/shared/tasks/schema';
import { todayInZone } from '@adhd/shared/time';
import { plannedUpdate, registerEntityRoutes } from '../../lib/entity-routes.js';
import { jsonEach, sendJsonArray } from '../../lib/json-stream.js';
import { parse } from '../../lib/validate.js';
import { getTask, listTaskJsons, listTasks } from './repository.js';

/** Tasks over REST (SPEC section 7): the entity kit over the `task.*` mutations, plus the pending list. */
export const taskRoutes: FastifyPluginAsync = async (app) => {
  registerEntityRoutes(app, {
    path: '/api/tasks',
    list: (db, userId, request) => listTaskJsons(db, userId, parse(taskPageQuerySchema, request.query, 'query')),
    notFound: 'Task not found',
    schemas: { create: taskCreateSchema, patch: taskPatchSchema },
    read: getTask,
    create: ({ exec }, id, fields) => exec('task.create', { id, ...fields }),
    update: plannedUpdate<TaskData, 'parent'>('task', 'Task not found', ({ exec }, id) => ({
      update: (fields) => exec('task.update', { id, ...fields }),
      move: { field: 'parent', run: (parent) => exec('task.move', { id, parent }) },
    })),
    remove: 'task.delete',
  });

  app.get('/api/tasks/pending', { preHandler: app.authenticate }, async (request, reply) => {
    const tz = request.timeZone;
    const today = todayInZone(new Date(), tz);
    const tasks = await listTasks(app.db, request.auth!.id);
    return sendJsonArray(reply, jsonEach(tasks.filter((t) => isTaskPending(t, today, tz))));
  });
};
