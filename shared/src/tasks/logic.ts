import { calendarDateOf } from '../time.js';
import { childrenIndex as treeChildrenIndex, type TreeLinks } from '../tree.js';
import type { TaskData } from './schema.js';

/**
 * Pending (SPEC section 7, `GET /api/tasks/pending`): not completed, and either it has no dates or its
 * start date or due date is today or earlier in the user's time zone.
 */
export function isTaskPending(task: Pick<TaskData, 'completed' | 'startDate' | 'dueDate'>, today: string, timeZone: string): boolean {
  if (task.completed) return false;
  const start = calendarDateOf(task.startDate, timeZone);
  const due = calendarDateOf(task.dueDate, timeZone);
  if (!start && !due) return true;
  return (start !== null && start <= today) || (due !== null && due <= today);
}

/** Overdue: due before today and not completed. */
export function isTaskOverdue(task: Pick<TaskData, 'completed' | 'dueDate'>, today: string, timeZone: string): boolean {
  const due = calendarDateOf(task.dueDate, timeZone);
  return !task.completed && due !== null && due < today;
}

const taskLinks: TreeLinks<{ id: string; parent: string | null }> = { id: (t) => t.id, parent: (t) => t.parent };

/** Children ids of every task, derived from the `parent` links of live tasks (see tree.ts). */
export const childrenIndex = (tasks: Iterable<{ id: string; parent: string | null }>): Map<string, string[]> => treeChildrenIndex(tasks, taskLinks);
