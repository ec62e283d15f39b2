import type { HabitSort } from '@adhd/shared/habits/view';
import { useCallback, useState } from 'react';

const KEY = 'habits.sort';
const SORTS: readonly HabitSort[] = ['timeOfDay', 'pending', 'antiStreak'];

function read(): HabitSort {
  try {
    const v = localStorage.getItem(KEY);
    return SORTS.includes(v as HabitSort) ? (v as HabitSort) : 'timeOfDay';
  } catch {
    return 'timeOfDay';
  }
}

/** The list order, remembered on this device. */
export function useStoredSort(): [HabitSort, (s: HabitSort) => void] {
  const [sort, setSort] = useState<HabitSort>(read);
  const set = useCallback((s: HabitSort) => {
    setSort(s);
    try {
      localStorage.setItem(KEY, s);
    } catch {
      // Private mode: the order just is not remembered.
    }
  }, []);
  return [sort, set];
}
