import type { Caller, ServerTest } from './kit.js';

/** Tags and tagged tasks through the REST API of a `useServerTest()` app, as `t.user` unless `as` is given. */
export function tagsApi(t: ServerTest) {
  let nameSeq = 0;
  /** A tag name no earlier call answered. */
  const uniqueName = (base = 'Tag') => `${base} ${++nameSeq}`;
  const createTag = (body: Record<string, unknown> = {}, as: Caller = t.user) => t.create('/api/tags', { name: uniqueName(), ...body }, as);
  const createTask = (body: Record<string, unknown> = {}, as: Caller = t.user) => t.create('/api/tasks', { title: 'Task', ...body }, as);
  /** The `tags` of a task as GET /api/tasks/:id answers them. */
  const taskTags = async (id: string) => (await t.call('GET', `/api/tasks/${id}`)).json().tags;
  return { uniqueName, createTag, createTask, taskTags };
}
