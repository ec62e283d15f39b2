import { useMemo } from 'react';
import type { AppDatabase } from '../../../db/database';
import { decoders } from '../../../db/entity-rows';
import { liveEntity } from '../../../db/live-entities';
import { useDb } from '../../../db/session';
import { useLive } from '../../../db/use-live';
import { indexLiveTasks, type TaskIndex } from '../logic/tree';
import type { TaskItem } from '../logic/types';

/** A stored row as a task, decoded by the shared task schema (its defaults for fields the row lacks). */
export const toTaskItem = decoders.task;

/** The live tasks of `db` (made on first use: it starts reading the table, from public/early.js's read at start-up). */
export const liveTasks = (db: AppDatabase) => liveEntity(db, 'task');

/**
 * Every live task of the signed-in user, straight from the local database and kept current by the live table
 * (SPEC's 10-second auto-refresh becomes this). undefined until the first read, or while no user is signed in.
 */
export function useTasks(): TaskItem[] | undefined {
  const db = useDb();
  return useLive(db ? liveTasks(db) : null);
}

const EMPTY: TaskItem[] = [];

/** The tasks with their id and children indexes (from the previous index when a few tasks changed: tree.ts). */
export function useTaskIndex(tasks: TaskItem[] | undefined): TaskIndex {
  return useMemo(() => indexLiveTasks(tasks ?? EMPTY), [tasks]);
}
