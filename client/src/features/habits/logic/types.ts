import type { HabitDayStatus } from '@adhd/shared/habits/schema';

export type HabitFrequency = 'daily' | 'weekly' | 'monthly' | 'custom';
export type TimeOfDay = 'anytime' | 'morning' | 'afternoon' | 'evening' | 'custom';

export interface CustomFrequency {
  type: 'days' | 'interval';
  days?: number[];
  interval?: number;
}

/** A live habit as the screens see it, with its marked days by date. */
export interface HabitItem {
  id: string;
  title: string;
  description: string;
  icon: string;
  color: string;
  frequency: HabitFrequency;
  customFrequency: CustomFrequency | null;
  startDate: string;
  timeOfDay: TimeOfDay;
  customTime: string | null;
  priority: 'low' | 'medium' | 'high';
  category: string;
  tags: string[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  /** Marked days (complete, miss, skip) by `YYYY-MM-DD`; unmarked days are empty. */
  marks: ReadonlyMap<string, HabitDayStatus>;
  /** True while the habit's days are still being read (the first read of a session): strip and streaks wait. */
  daysLoading?: boolean;
}
