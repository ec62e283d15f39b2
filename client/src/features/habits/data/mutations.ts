import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import type { MutationArgs } from '@adhd/shared/sync/registry';
import { newRowId, useDbActions } from '../../../db/actions';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';

/** A new client-side id: offline creations keep their id. */
export const newHabitId = (): string => newRowId();

export interface HabitActions {
  create(id: string, fields: Omit<MutationArgs<'habit.create'>, 'id'>): Promise<void>;
  update(id: string, patch: Omit<MutationArgs<'habit.update'>, 'id'>): Promise<void>;
  remove(id: string): Promise<void>;
  /** One day's absolute status (habit.setDay): replicated so two devices' days merge. */
  setDay(habitId: string, date: string, status: HabitDayStatus): Promise<void>;
}

function actionsFor(need: () => AppDatabase): HabitActions {
  return {
    async create(id, fields) {
      await mutate(need(), 'habit.create', { id, ...fields });
    },
    async update(id, patch) {
      if (Object.keys(patch).length === 0) return;
      await mutate(need(), 'habit.update', { id, ...patch });
    },
    async remove(id) {
      await mutate(need(), 'habit.delete', { id });
    },
    async setDay(habitId, date, status) {
      await mutate(need(), 'habit.setDay', { habitId, date, status });
    },
  };
}

/** The habit writes, bound to the signed-in user's database. */
export const useHabitActions = (): HabitActions => useDbActions(actionsFor);
