import type { HabitSort } from '@adhd/shared/habits/view';
import { useStoredChoice } from '../../../lib/stored-choice';

const SORTS: readonly HabitSort[] = ['timeOfDay', 'pending', 'antiStreak'];

/** The list order, remembered on this device. */
export function useStoredSort(): [HabitSort, (s: HabitSort) => void] {
  return useStoredChoice('habits.sort', SORTS, 'timeOfDay');
}
