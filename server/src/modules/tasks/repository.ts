import type { Task, TaskData } from '@adhd/shared/tasks/schema';
import { childrenIndex } from '@adhd/shared/tasks/logic';
import { jsonEach } from '../../lib/json-stream.js';
import { apiJson, toApi } from '../../lib/api-row.js';
import { findChildLinks, findEntities, findEntity, listLive, type Db, type ReadRow } from '../sync/repository.js';

/** Reads of tasks as the API answers them; `children` is derived from the live rows' parent links. */

const toTask = (row: ReadRow, children: string[]): Task => toApi<TaskData, { children: string[] }>(row, { children });

/**
 * The same JSON as `JSON.stringify(toTask(row, children))` with the same keys, built from the stored JSON
 * text without parsing it again: lists are the hot read path.
 */
const toTaskJson = (row: ReadRow, children: string[]): string => apiJson(row, `"children":${JSON.stringify(children)}`);

async function childrenOf(db: Db, userId: string, rows: ReadRow[], wholeList: boolean): Promise<Map<string, string[]>> {
  // For the whole list the rows themselves hold every parent link; a page asks the parent index.
  const links = wholeList
    ? rows.map((r) => ({ id: r.id, parent: r.parent_id }))
    : (await findChildLinks(db, userId, 'task', rows.map((r) => r.id))).map((k) => ({ id: k.id, parent: k.parent_id }));
  return childrenIndex(links);
}

export async function listTasks(db: Db, userId: string, page: { limit?: number; offset?: number } = {}): Promise<Task[]> {
  const rows = await listLive(db, userId, 'task', page);
  const index = await childrenOf(db, userId, rows, page.limit === undefined);
  return rows.map((r) => toTask(r, index.get(r.id) ?? []));
}

/** `listTasks` as the JSON of each task, made as the list route streams them. */
export async function listTaskJsons(db: Db, userId: string, page: { limit?: number; offset?: number } = {}): Promise<Iterable<string>> {
  const rows = await listLive(db, userId, 'task', page);
  const index = await childrenOf(db, userId, rows, page.limit === undefined);
  return jsonEach(rows, (r) => toTaskJson(r, index.get(r.id) ?? []));
}

export async function getTask(db: Db, userId: string, id: string): Promise<Task | null> {
  const row = await findEntity(db, userId, 'task', id);
  if (!row || row.deleted) return null;
  const index = await childrenOf(db, userId, [row], false);
  return toTask(row, index.get(row.id) ?? []);
}

/** The live tasks among `ids` (in no particular order), each as `getTask` answers it. */
export async function tasksByIds(db: Db, userId: string, ids: string[]): Promise<Task[]> {
  const rows = (await findEntities(db, userId, 'task', ids)).filter((r) => !r.deleted);
  const index = await childrenOf(db, userId, rows, false);
  return rows.map((r) => toTask(r, index.get(r.id) ?? []));
}
