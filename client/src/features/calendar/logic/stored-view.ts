import { useState } from 'react';
import { CALENDAR_VIEWS, DEFAULT_DAYS, clampDays, type CalendarView } from './views';

/** The calendar's view and the days view's day count, remembered on this device (localStorage). */
const VIEW_KEY = 'calendar_view';
const DAYS_KEY = 'calendar_days';

function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeItem(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable: kept for this visit */
  }
}

/** The stored view, else the days view below 600 px and the month view above (SPEC section 9, narrow screen). */
export function initialView(narrow: boolean): CalendarView {
  const stored = readItem(VIEW_KEY);
  if (stored && (CALENDAR_VIEWS as readonly string[]).includes(stored)) return stored as CalendarView;
  return narrow ? 'days' : 'month';
}

export function useStoredCalendarView(narrow: boolean) {
  const [view, setView] = useState<CalendarView>(() => initialView(narrow));
  const [days, setDays] = useState<number>(() => {
    const stored = readItem(DAYS_KEY);
    return stored === null ? DEFAULT_DAYS : clampDays(Number(stored));
  });
  return {
    view,
    days,
    setView(v: CalendarView) {
      setView(v);
      writeItem(VIEW_KEY, v);
    },
    setDays(n: number) {
      const d = clampDays(n);
      setDays(d);
      writeItem(DAYS_KEY, String(d));
    },
  };
}
