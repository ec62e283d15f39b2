import type { TaskPriority } from '@adhd/shared/tasks/schema';
import { startTransition, useEffect, useMemo, useState } from 'react';
import type { LocalRow } from '../../../db/database';
import { useDb } from '../../../db/session';
import { indexTasks, type TaskIndex } from '../logic/tree';
import { taskCacheFor } from './task-cache';
import type { TaskItem } from '../logic/types';

const PRIORITIES: readonly string[] = ['low', 'medium', 'high'];
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A stored row as a task; fields a newer or older client left out get the spec's defaults. */
export function toTaskItem(row: LocalRow): TaskItem {
  const d = row.data;
  return {
    id: row.id,
    title: typeof d.title === 'string' ? d.title : '',
    description: typeof d.description === 'string' ? d.description : '',
    completed: d.completed === true,
    startDate: str(d.startDate),
    dueDate: str(d.dueDate),
    time: str(d.time),
    priority: (PRIORITIES.includes(d.priority as string) ? d.priority : 'medium') as TaskPriority,
    tags: Array.isArray(d.tags) ? d.tags.filter((t): t is string => typeof t === 'string') : [],
    parent: str(d.parent),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Every live task of the signed-in user, straight from the local database and kept current by a live query
 * (SPEC's 10-second auto-refresh becomes this). undefined until the first read, or while no user is signed in.
 */
export function useTasks(): TaskItem[] | undefined {
  const db = useDb();
  const cache = db ? taskCacheFor(db, toTaskItem) : null;
  const [state, setState] = useState(() => ({ cache, tasks: cache?.get() }));
  let tasks = state.tasks;
  if (state.cache !== cache) {
    tasks = cache?.get();
    setState({ cache, tasks });
  }
  useEffect(() => {
    if (!cache) return;
    const update = () => {
      const next = cache.get();
      const apply = () => setState((s) => (s.cache === cache && s.tasks !== next ? { cache, tasks: next } : s));
      // This device's writes render in the same frame; pulled pages render as a transition, which React
      // interrupts for input, so the screen stays responsive while a big sync lands.
      if (cache.lastChangeWasPull) startTransition(apply);
      else apply();
    };
    const off = cache.subscribe(update);
    update();
    return off;
  }, [cache]);
  return tasks;
}

/** The tasks with their id and children indexes. */
export function useTaskIndex(tasks: TaskItem[] | undefined): TaskIndex {
  return useMemo(() => indexTasks(tasks ?? []), [tasks]);
}
