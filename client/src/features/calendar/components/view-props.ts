import type { EventInput } from '@fullcalendar/react';
import type { ClockMode } from '../../../lib/dates';
import type { EntryProps } from '../data/to-fc';
import type { DroppedAt } from '../logic/move';
import type { CalendarView } from '../logic/views';

/** What the screen gives the calendar pane: the month grid (month-grid.tsx) and FullCalendar (calendar-view.tsx) alike. */
export interface CalendarViewProps {
  view: CalendarView;
  days: number;
  anchor: string;
  inputs: EventInput[];
  timeZone: string;
  weekStartDay: number;
  clockMode: ClockMode;
  locale: string;
  /** A day (month view, all-day row) or a time slot was clicked. */
  onDateClick(at: { date: string; time: string | null; allDay: boolean }): void;
  onEventClick(entry: EntryProps): void;
  /** An event was dragged or resized; `revert` puts it back (a refused or cancelled move). */
  onEventChange(entry: EntryProps, at: DroppedAt, revert: () => void): void;
  onToggleTask(taskId: string, completed: boolean): void;
  onToggleHabit(habitId: string, date: string, done: boolean): void;
}
