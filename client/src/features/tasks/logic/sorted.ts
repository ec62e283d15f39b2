import type { TaskItem } from './types';

/** List order: open tasks before completed ones, newest first within each, so a quick-added task shows on top. */
export function compareTasks(a: TaskItem, b: TaskItem): number {
  if (a.completed !== b.completed) return a.completed ? 1 : -1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Beyond this many changed rows a full sort is as quick as patching the previous order. */
const MAX_PATCH = 64;

let last: { tasks: readonly TaskItem[]; sorted: readonly TaskItem[] } | null = null;

/**
 * `tasks` in list order (`compareTasks`), patched from the previous call's order when only a few rows changed:
 * a quick add with 10k tasks sorts one row into place instead of all 10k again (the sort was most of the add's
 * frame). The live table's rows keep their order across changes (a changed row stays in place, a new one comes
 * last: live-table.ts keeps them in a Map), so one walk over both lists finds what changed; when that does not
 * hold the result is still right, only found the slow way. The answer may be the previous one: do not mutate it.
 */
export function sortedTasks(tasks: readonly TaskItem[]): readonly TaskItem[] {
  const patched = last && last.tasks !== tasks ? patch(last, tasks) : last?.tasks === tasks ? last.sorted : null;
  const sorted = patched ?? [...tasks].sort(compareTasks);
  last = { tasks, sorted };
  return sorted;
}

/**
 * What changed from `before` to `next` (two snapshots of the live table): rows no longer there (or replaced by a
 * new object) and rows new or replaced, in `next`'s order; null when more than `max` changed.
 */
export function listChanges(before: readonly TaskItem[], next: readonly TaskItem[], max = MAX_PATCH): { removed: Set<TaskItem>; added: TaskItem[] } | null {
  const removed = new Set<TaskItem>();
  const added: TaskItem[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length && j < next.length) {
    if (before[i] === next[j]) {
      i++;
      j++;
    } else if (before[i]!.id === next[j]!.id) {
      removed.add(before[i++]!);
      added.push(next[j++]!);
    } else {
      removed.add(before[i++]!);
    }
    if (removed.size > max) return null;
  }
  while (i < before.length) removed.add(before[i++]!);
  while (j < next.length) added.push(next[j++]!);
  return removed.size > max || added.length > max ? null : { removed, added };
}

function patch(prev: { tasks: readonly TaskItem[]; sorted: readonly TaskItem[] }, next: readonly TaskItem[]): TaskItem[] | null {
  const changes = listChanges(prev.tasks, next);
  if (!changes) return null;
  const { removed, added } = changes;
  const out = removed.size > 0 ? prev.sorted.filter((t) => !removed.has(t)) : [...prev.sorted];
  for (const task of added) {
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareTasks(out[mid]!, task) <= 0) lo = mid + 1;
      else hi = mid;
    }
    out.splice(lo, 0, task);
  }
  return out;
}
