import { newRowId, useDbActions } from '../../../db/actions';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { afterPaint } from '../../../lib/idle';
import { quickChild, type PlannedMutation } from '../logic/form';
import { liveTasks } from './queries';

/** A new client-side id: offline creations keep their id (CONTRACT: entities carry a client-generated _id). */
export function newTaskId(): string {
  return newRowId();
}

/**
 * Apply several mutations as one local transaction: all land or none do (a failed form save leaves nothing
 * half-written). Each still goes through `mutate`, so each is queued for sync under its own name.
 */
export async function applyMutations(db: AppDatabase, ops: readonly PlannedMutation[]): Promise<void> {
  if (ops.length === 0) return;
  if (ops.length === 1) {
    await mutate(db, ops[0].name, ops[0].args);
    return;
  }
  await db.transaction('rw', db.writeTables, async () => {
    for (const op of ops) await mutate(db, op.name, op.args);
  });
}

/** The ids of a task and its live descendants, parent first: what `task.delete` removes. */
async function subtreeIds(db: AppDatabase, id: string): Promise<string[]> {
  const out: string[] = [];
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.shift()!;
    if (out.includes(current)) continue;
    out.push(current);
    const children = await db.tasks.where('parentId').equals(current).toArray();
    for (const c of children) if (c.deleted === 0) queue.push(c.id);
  }
  return out;
}

export interface TaskActions {
  /** Quick add: a task with only a title (and optionally a parent). Resolves with its id. */
  quickAdd(title: string, parent?: string | null): Promise<string>;
  setCompleted(id: string, completed: boolean): Promise<void>;
  /** Delete a task and its subtasks; resolves with an undo that restores all of them. */
  remove(id: string): Promise<() => Promise<void>>;
  apply(ops: readonly PlannedMutation[]): Promise<void>;
}

/** The task writes on the database `need()` answers (useTaskActions binds them to the signed-in user's). */
export function taskActions(need: () => AppDatabase): TaskActions {
  return {
    async quickAdd(title, parent = null) {
      const id = newTaskId();
      const db = need();
      if (parent) {
        const op = quickChild(id, title, parent);
        await mutate(db, op.name, op.args);
        return id;
      }
      // The new task shows in this keystroke's frame, from memory; the local write (and its outbox entry)
      // follows, with the same time, so the stored row equals what is shown.
      const now = new Date().toISOString();
      const args = { id, title: title.trim() };
      const undo = liveTasks(db).optimistic({ id, data: { title: args.title }, deleted: 0, createdAt: now, updatedAt: now, version: 0, parentId: null });
      try {
        // The write's own work (the mutator, the Dexie transaction: 2-3 ms) starts after the frame that shows
        // the row, not between the keystroke and that frame.
        await afterPaint();
        await mutate(db, 'task.create', args, { now });
      } catch (err) {
        undo();
        throw err;
      }
      return id;
    },
    async setCompleted(id, completed) {
      await mutate(need(), 'task.update', { id, completed });
    },
    async remove(id) {
      const d = need();
      const ids = await subtreeIds(d, id);
      await mutate(d, 'task.delete', { id });
      return () => applyMutations(d, ids.map((i): PlannedMutation => ({ name: 'task.restore', args: { id: i } })));
    },
    apply: (ops) => applyMutations(need(), ops),
  };
}

/** The task writes, bound to the signed-in user's database. */
export const useTaskActions = (): TaskActions => useDbActions(taskActions);
