import type { TaskPriority } from '@adhd/shared/tasks/schema';
import { buildForest, type TaskIndex, type TreeNode } from './tree';
import type { TaskItem } from './types';

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

/** List order: open tasks before completed ones, newest first within each, so a quick-added task shows on top. */
export function compareTasks(a: TaskItem, b: TaskItem): number {
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Matching tasks in list order. */
export function filterTasks(tasks: readonly TaskItem[], f: TaskFilters): TaskItem[] {
  return (hasActiveFilters(f) ? tasks.filter(matcher(f)) : [...tasks]).sort(compareTasks);
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
