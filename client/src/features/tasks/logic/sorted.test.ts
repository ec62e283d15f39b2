import { describe, expect, it } from 'vitest';
import { taskItem } from '../testing';
import { compareTasks, sortedTasks } from './sorted';
import type { TaskItem } from './types';

// The list order patched from the previous order must always equal a full sort, whatever changed.
let seed = 7;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const at = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();
const make = (id: string, patch: Partial<TaskItem> = {}) => taskItem(id, { createdAt: at(Math.floor(rand() * 500)), completed: rand() < 0.3, ...patch });
const full = (tasks: readonly TaskItem[]) => [...tasks].sort(compareTasks).map((t) => t.id);

describe('sortedTasks', () => {
  it('equals a full sort after adds, edits, deletes and re-adds, and keeps the previous answer for the same list', () => {
    let tasks: TaskItem[] = Array.from({ length: 300 }, (_, i) => make(`t${i}`));
    expect(sortedTasks(tasks).map((t) => t.id)).toEqual(full(tasks));
    expect(sortedTasks(tasks)).toBe(sortedTasks(tasks));
    let next = 300;
    for (let step = 0; step < 200; step++) {
      const kind = step % 4;
      if (kind === 0) tasks = [...tasks, make(`t${next++}`, { createdAt: at(1000 + step) })]; // a quick add: newest, last
      else if (kind === 1) {
        const k = Math.floor(rand() * tasks.length);
        tasks = tasks.map((t, i) => (i === k ? { ...t, completed: !t.completed } : t)); // an edit, in place
      } else if (kind === 2) tasks = tasks.filter((_, i) => i !== Math.floor(rand() * tasks.length)); // a delete
      else {
        const [first, ...rest] = tasks; // deleted and stored again: it comes last
        tasks = [...rest, { ...first! }];
      }
      expect(sortedTasks(tasks).map((t) => t.id)).toEqual(full(tasks));
    }
  });

  it('sorts from scratch when much changed or when the list is another one', () => {
    const a = Array.from({ length: 200 }, (_, i) => make(`a${i}`));
    const b = Array.from({ length: 150 }, (_, i) => make(`b${i}`));
    expect(sortedTasks(a).map((t) => t.id)).toEqual(full(a));
    expect(sortedTasks(b).map((t) => t.id)).toEqual(full(b));
    const shuffled = [...b].reverse();
    expect(sortedTasks(shuffled).map((t) => t.id)).toEqual(full(shuffled));
  });
});

describe('indexLiveTasks', () => {
  it('equals indexTasks after adds (subtasks too), edits, moves, deletes and a late parent', async () => {
    const { childCounts, indexLiveTasks, indexTasks } = await import('./tree');
    const norm = (ix: ReturnType<typeof indexTasks>) => ({ ids: [...ix.byId.keys()].sort(), children: [...ix.children].sort(([a], [b]) => (a < b ? -1 : 1)) });
    let tasks: TaskItem[] = Array.from({ length: 200 }, (_, i) => make(`p${i}`, { parent: i > 20 && rand() < 0.5 ? `p${Math.floor(rand() * 20)}` : null }));
    // An orphan whose parent arrives later.
    tasks.push(make('orphan', { parent: 'late-parent' }));
    expect(norm(indexLiveTasks(tasks))).toEqual(norm(indexTasks(tasks)));
    const previous = indexLiveTasks(tasks);
    const snapshot = norm(previous);
    let next = 0;
    for (let step = 0; step < 120; step++) {
      const kind = step % 6;
      if (kind === 0) tasks = [...tasks, make(`n${next++}`)];
      else if (kind === 1) tasks = [...tasks, make(`n${next++}`, { parent: tasks[Math.floor(rand() * tasks.length)]!.id })];
      else if (kind === 2) {
        const k = Math.floor(rand() * tasks.length);
        tasks = tasks.map((t, i) => (i === k ? { ...t, title: `edited ${step}` } : t));
      } else if (kind === 3) {
        const k = Math.floor(rand() * tasks.length);
        tasks = tasks.map((t, i) => (i === k ? { ...t, parent: null } : t));
      } else if (kind === 4) tasks = tasks.filter((_, i) => i !== Math.floor(rand() * tasks.length));
      else if (step === 5) tasks = [...tasks, make('late-parent')];
      else if (step % 12 === 5) {
        // A checkbox on a subtask: its parent's done count changes.
        const k = tasks.findIndex((t) => t.parent !== null);
        tasks = tasks.map((t, i) => (i === k ? { ...t, completed: !t.completed } : t));
      }
      const index = indexLiveTasks(tasks);
      const full = indexTasks(tasks);
      expect(norm(index)).toEqual(norm(full));
      // The same rows, in the same order, and the child counts of a full index.
      expect([...index.byId]).toEqual([...full.byId]);
      expect(index.byId.size).toBe(full.byId.size);
      expect(new Map(childCounts(index))).toEqual(new Map(childCounts(full)));
      // Children lists in the same order as a full index.
      for (const [parent, ids] of indexTasks(tasks).children) expect(index.children.get(parent)).toEqual(ids);
    }
    // The first index was never changed.
    expect(norm(previous)).toEqual(snapshot);
  });
});

describe('childCounts', () => {
  it('counts each parent’s subtasks and completed ones; a new root task keeps the previous counts', async () => {
    const { childCounts, indexLiveTasks } = await import('./tree');
    const p = taskItem('cc-p');
    const a = taskItem('cc-a', { parent: 'cc-p', completed: true });
    const b = taskItem('cc-b', { parent: 'cc-p' });
    let tasks = [p, a, b];
    const first = childCounts(indexLiveTasks(tasks));
    expect(first.get('cc-p')).toEqual({ total: 2, done: 1 });
    // A quick add (a new task without a parent): the same counts object, nothing counted again.
    tasks = [...tasks, taskItem('cc-new')];
    expect(childCounts(indexLiveTasks(tasks))).toBe(first);
    // A subtask checked: counted again.
    tasks = tasks.map((t) => (t.id === 'cc-b' ? { ...t, completed: true } : t));
    expect(childCounts(indexLiveTasks(tasks)).get('cc-p')).toEqual({ total: 2, done: 2 });
    // A new subtask.
    tasks = [...tasks, taskItem('cc-c', { parent: 'cc-p' })];
    expect(childCounts(indexLiveTasks(tasks)).get('cc-p')).toEqual({ total: 3, done: 2 });
  });
});
