import type { FastifyPluginAsync } from 'fastify';
import { isTaskPending } from '@adhd/shared/tasks/logic';
import { taskCreateSchema, taskPageQuerySchema, taskPatchSchema, type TaskData } from '@adhd/shared/tasks/schema';
import { todayInZone } from '@adhd/shared/time';
import { registerEntityRoutes } from '../../lib/entity-routes.js';
import { jsonEach, sendJsonArray } from '../../lib/json-stream.js';
import { treeWrites } from '../../lib/tree-routes.js';
import { parse } from '../../lib/validate.js';
import { getTask, listTaskJsons, listTasks } from './repository.js';

/** Tasks over REST (SPEC section 7): the entity kit over the `task.*` mutations, plus the pending list. */
export const taskRoutes: FastifyPluginAsync = async (app) => {
  registerEntityRoutes(app, {
    path: '/api/tasks',
    list: (db, userId, request) => listTaskJsons(db, userId, parse(taskPageQuerySchema, request.query, 'query')),
    schemas: { create: taskCreateSchema, patch: taskPatchSchema },
    read: getTask,
    ...treeWrites<TaskData, 'parent'>('task', 'parent', 'Task not found'),
  });

  app.get('/api/tasks/pending', { preHandler: app.authenticate }, async (request, reply) => {
    const tz = request.timeZone;
    const today = todayInZone(new Date(), tz);
    const tasks = await listTasks(app.db, request.auth!.id);
    return sendJsonArray(reply, jsonEach(tasks.filter((t) => isTaskPending(t, today, tz))));
  });
};
