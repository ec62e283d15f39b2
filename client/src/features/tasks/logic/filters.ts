import type { TaskPriority } from '@adhd/shared/tasks/schema';
import { buildForest, type TaskIndex, type TreeNode } from './tree';
import type { TaskItem } from './types';
import { compareTasks, sortedTasks } from './sorted';

export { compareTasks };

/** The filters of the tasks screen (SPEC section 2): search text, status, priority, tags. */
export interface TaskFilters {
  search: string;
  status: 'all' | 'completed' | 'incomplete';
  priority: 'any' | TaskPriority;
  /** A task matches when it has any of these tags; empty means every task. */
  tags: string[];
}

export const DEFAULT_FILTERS: TaskFilters = { search: '', status: 'all', priority: 'any', tags: [] };

export function hasActiveFilters(f: TaskFilters): boolean {
  return f.search.trim() !== '' || f.status !== 'all' || f.priority !== 'any' || f.tags.length > 0;
}

export function matchesFilters(task: TaskItem, f: TaskFilters): boolean {
  return matcher(f)(task);
}

/** `matchesFilters` for one set of filters, with the search text prepared once for the whole list. */
function matcher(f: TaskFilters): (task: TaskItem) => boolean {
  const q = f.search.trim().toLocaleLowerCase();
  return (task) => {
    if (f.status === 'completed' && !task.completed) return false;
    if (f.status === 'incomplete' && task.completed) return false;
    if (f.priority !== 'any' && task.priority !== f.priority) return false;
    if (f.tags.length > 0 && !task.tags.some((t) => f.tags.includes(t))) return false;
    if (q && !task.title.toLocaleLowerCase().includes(q) && !task.description.toLocaleLowerCase().includes(q)) return false;
    return true;
  };
}

/** Matching tasks in list order (the order patched from the previous call's when few rows changed: sorted.ts). */
export function filterTasks(tasks: readonly TaskItem[], f: TaskFilters): readonly TaskItem[] {
  const sorted = sortedTasks(tasks);
  return hasActiveFilters(f) ? sorted.filter(matcher(f)) : sorted;
}

/**
 * The tree of matching tasks: a match keeps its ancestors so it stays in context (`dimmed` marks the ones shown
 * only for that reason). Children sit under their parents in list order.
 */
export function filterTree(
  tasks: readonly TaskItem[],
  index: TaskIndex,
  f: TaskFilters,
): { roots: TreeNode<TaskItem>[]; dimmed: Set<string> } {
  const active = hasActiveFilters(f);
  const matches = matcher(f);
  const shown = new Set<string>();
  const dimmed = new Set<string>();
  for (const t of tasks) {
    if (active && !matches(t)) continue;
    shown.add(t.id);
    let cursor = t.parent;
    const seen = new Set([t.id]);
    while (cursor && index.byId.has(cursor) && !seen.has(cursor)) {
      seen.add(cursor);
      if (!shown.has(cursor)) dimmed.add(cursor);
      cursor = index.byId.get(cursor)!.parent;
    }
  }
  for (const id of shown) dimmed.delete(id);
  const visible = tasks.filter((t) => shown.has(t.id) || dimmed.has(t.id)).sort(compareTasks);
  return { roots: buildForest(visible), dimmed };
}
