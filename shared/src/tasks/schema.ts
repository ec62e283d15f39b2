import { z } from 'zod/mini';
import {
  dateFieldSchema,
  idListSchema,
  idSchema,
  nullableIdRefSchema,
  optionalText,
  requiredText,
  timeFieldSchema,
} from '../validation/fields.js';

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

const prioritySchema = z.enum(TASK_PRIORITIES, 'validation.invalid');
const completedSchema = z.boolean('validation.invalid');

/** Field schemas of a task (SPEC section 3). `children` is derived from `parent`, never stored. */
export const taskFields = {
  title: requiredText('tasks.titleRequired', 500),
  description: optionalText(20_000),
  completed: completedSchema,
  dueDate: dateFieldSchema,
  startDate: dateFieldSchema,
  time: timeFieldSchema,
  priority: prioritySchema,
  tags: idListSchema,
  parent: nullableIdRefSchema,
};

/** A new task; every field but the title has the spec's default. */
export const taskCreateSchema = z.object({
  _id: z.optional(idSchema),
  title: taskFields.title,
  description: z._default(taskFields.description, ''),
  completed: z._default(completedSchema, false),
  dueDate: z._default(taskFields.dueDate, null),
  startDate: z._default(taskFields.startDate, null),
  time: z._default(taskFields.time, null),
  priority: z._default(prioritySchema, 'medium'),
  tags: z._default(idListSchema, []),
  parent: z._default(taskFields.parent, null),
});
export type TaskCreateInput = z.infer<typeof taskCreateSchema>;

/** A partial update (REST PUT): only the fields present change. */
export const taskPatchSchema = z.object({
  title: z.optional(taskFields.title),
  description: z.optional(taskFields.description),
  completed: z.optional(completedSchema),
  dueDate: z.optional(taskFields.dueDate),
  startDate: z.optional(taskFields.startDate),
  time: z.optional(taskFields.time),
  priority: z.optional(prioritySchema),
  tags: z.optional(idListSchema),
  parent: z.optional(taskFields.parent),
});
export type TaskPatch = z.infer<typeof taskPatchSchema>;

/** A query parameter read as a number (`Number(v)`), judged by the integer check after it. */
const numberFromQuery = z.transform((v: unknown) => (typeof v === 'string' ? Number(v) : v));
/** The optional paging of `GET /api/tasks`. */
export const taskPageQuerySchema = z.object({
  limit: z.optional(z.pipe(numberFromQuery, z.int('validation.invalid').check(z.gte(1), z.lte(10_000)))),
  offset: z.optional(z.pipe(numberFromQuery, z.int('validation.invalid').check(z.gte(0)))),
});

/** What is stored for a task (the row's data). */
export interface TaskData {
  title: string;
  description: string;
  completed: boolean;
  dueDate: string | null;
  startDate: string | null;
  time: string | null;
  priority: TaskPriority;
  tags: string[];
  parent: string | null;
}

/** A task as the API answers it. */
export interface Task extends TaskData {
  _id: string;
  children: string[];
  createdAt: string;
  updatedAt: string;
  version: number;
}
