import { TZDate } from '@date-fns/tz';

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall-clock date and time in `fromZone` as the same instant's wall clock in `toZone`. */
export function wallClockIn(date: string, time: string, fromZone: string, toZone: string): { date: string; time: string } {
  if (fromZone === toZone) return { date, time };
  const [y, m, d] = date.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  const there = new TZDate(y!, m! - 1, d!, h!, min!, fromZone).withTimeZone(toZone);
  return {
    date: `${String(there.getFullYear()).padStart(4, '0')}-${pad(there.getMonth() + 1)}-${pad(there.getDate())}`,
    time: `${pad(there.getHours())}:${pad(there.getMinutes())}`,
  };
}
