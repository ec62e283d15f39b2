import type { Task, TaskData } from '@adhd/shared/tasks/schema';
import { childrenIndex } from '@adhd/shared/tasks/logic';
import { findChildren, findEntity, listLive, type Db, type EntityRow } from '../sync/repository.js';

/** Reads of tasks as the API answers them; `children` is derived from the live rows' parent links. */

function toTask(row: EntityRow, children: string[]): Task {
  const data = JSON.parse(row.data) as TaskData;
  return {
    _id: row.id,
    ...data,
    children,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: Number(row.version),
  };
}

async function withChildren(db: Db, userId: string, rows: EntityRow[]): Promise<Task[]> {
  const kids = await findChildren(db, userId, 'task', rows.map((r) => r.id));
  const index = childrenIndex(kids.map((k) => ({ id: k.id, parent: k.parent_id })));
  return rows.map((r) => toTask(r, index.get(r.id) ?? []));
}

export async function listTasks(db: Db, userId: string, page: { limit?: number; offset?: number } = {}): Promise<Task[]> {
  const rows = await listLive(db, userId, 'task', page);
  if (page.limit === undefined) {
    // The whole list: derive children from the rows themselves, no second query.
    const index = childrenIndex(rows.map((r) => ({ id: r.id, parent: r.parent_id })));
    return rows.map((r) => toTask(r, index.get(r.id) ?? []));
  }
  return withChildren(db, userId, rows);
}

export async function getTask(db: Db, userId: string, id: string): Promise<Task | null> {
  const row = await findEntity(db, userId, 'task', id);
  if (!row || row.deleted) return null;
  return (await withChildren(db, userId, [row]))[0]!;
}
