import { calendarDateOf } from '@adhd/shared/time';
import { daysOverdue } from '../../../lib/dates';
import type { TaskItem } from './types';

/** The calendar dates of a task in the user's zone, and how many days it is overdue (0 when it is not). */
export interface TaskDates {
  start: string | null;
  due: string | null;
  overdueDays: number;
}

/** Overdue (SPEC section 4): due before today and not completed, with the number of days. */
export function taskDates(task: Pick<TaskItem, 'startDate' | 'dueDate' | 'completed'>, today: string, timeZone: string): TaskDates {
  const start = calendarDateOf(task.startDate, timeZone);
  const due = calendarDateOf(task.dueDate, timeZone);
  return { start, due, overdueDays: task.completed ? 0 : daysOverdue(due, today) };
}
