import { calendarDateOf } from '../time.js';
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

/** Children ids of every task, derived from the `parent` links of live tasks. */
export function childrenIndex(tasks: Iterable<{ id: string; parent: string | null }>): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const t of tasks) {
    if (!t.parent) continue;
    const list = index.get(t.parent);
    if (list) list.push(t.id);
    else index.set(t.parent, [t.id]);
  }
  return index;
}
