import type { HabitDayStatus } from '@adhd/shared/habits/schema';
import { useCallback, useEffect, useState } from 'react';

/**
 * Day statuses that show at once on click and give way to the stored ones when the live query catches up.
 * A refused write drops its override and sets `failed`.
 */
export function useDayOverrides(marks: ReadonlyMap<string, HabitDayStatus>, write: (date: string, status: HabitDayStatus) => Promise<void>) {
  const [overrides, setOverrides] = useState<ReadonlyMap<string, HabitDayStatus>>(new Map());
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (overrides.size === 0) return;
    const left = new Map([...overrides].filter(([date, s]) => (marks.get(date) ?? 'empty') !== s));
    if (left.size !== overrides.size) setOverrides(left);
  }, [marks, overrides]);

  const statusOf = useCallback((date: string): HabitDayStatus => overrides.get(date) ?? marks.get(date) ?? 'empty', [overrides, marks]);

  const set = useCallback(
    (date: string, status: HabitDayStatus) => {
      setOverrides((o) => new Map(o).set(date, status));
      setFailed(false);
      write(date, status).catch((err: unknown) => {
        console.error('Habit day update failed', err);
        setOverrides((o) => {
          const n = new Map(o);
          n.delete(date);
          return n;
        });
        setFailed(true);
      });
    },
    [write],
  );

  return { statusOf, set, failed };
}
