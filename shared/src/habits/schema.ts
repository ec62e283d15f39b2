import { z } from 'zod/mini';
import {
  boundedString,
  calendarDateSchema,
  hexColorSchema,
  idListSchema,
  idSchema,
  intParamSchema,
  optionalText,
  requiredText,
} from '../validation/fields.js';
import { uuidV5 } from '../sync/uuid-v5.js';

export const HABIT_FREQUENCIES = ['daily', 'weekly', 'monthly', 'custom'] as const;
export const TIMES_OF_DAY = ['anytime', 'morning', 'afternoon', 'evening', 'custom'] as const;
export const HABIT_DAY_STATUSES = ['complete', 'miss', 'skip', 'empty'] as const;
export type HabitDayStatus = (typeof HABIT_DAY_STATUSES)[number];

/** Minutes after midnight for each time of day (SPEC section 3). */
export const TIME_OF_DAY_MINUTES = { anytime: 0, morning: 480, afternoon: 720, evening: 1080 } as const;
export const HABIT_DEFAULT_ICON = 'mdi-check-circle';
export const HABIT_DEFAULT_COLOR = '#F44336';

const hhmm = boundedString(5, 'validation.customTimeRequired', 'validation.customTimeRequired').check(
  z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.customTimeRequired'),
);

/** `null` for the unused one of `days` and `interval` is the same as leaving it out. */
const withoutNullFields = z.transform((v: unknown) =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null)) : v,
);

const customFrequencyObject = z.object({
  type: z.enum(['days', 'interval'], 'validation.selectDaysAndFrequency'),
  days: z.optional(
    z.array(z.int('validation.customWeekDay').check(z.gte(0), z.lte(6)))
      .check(z.maxLength(7, 'validation.customWeekDay')),
  ),
  interval: z.optional(
    z.int('validation.intervalRequired').check(z.gte(1, 'validation.intervalRequired'), z.lte(365, 'validation.intervalRequired')),
  ),
});

export const customFrequencySchema = z.pipe(withoutNullFields, customFrequencyObject);

export const habitFields = {
  title: requiredText('validation.titleRequired', 200),
  description: optionalText(5_000),
  icon: boundedString(100),
  color: hexColorSchema,
  frequency: z.enum(HABIT_FREQUENCIES, 'validation.frequencyRequired'),
  customFrequency: z.nullable(customFrequencySchema),
  startDate: calendarDateSchema,
  timeOfDay: z.enum(TIMES_OF_DAY, 'validation.invalid'),
  // '' is "no custom time" (a form that is not in custom mode sends it empty); the rules require one only for custom.
  customTime: z.pipe(z.transform((v: unknown) => (v === '' ? null : v)), z.nullable(hhmm)),
  priority: z.enum(['low', 'medium', 'high'], 'validation.invalid'),
  category: boundedString(100),
  tags: idListSchema,
  isActive: z.boolean('validation.invalid'),
};

type HabitRuleInput = { frequency?: string; customFrequency?: z.infer<typeof customFrequencySchema> | null; timeOfDay?: string; customTime?: string | null };

/** Rules that involve several fields (SPEC section 5, habits), reported on the field the user must fix. */
export const habitFrequencyRule = z.refine<HabitRuleInput>((h) => h.frequency !== 'custom' || !!h.customFrequency, {
  message: 'validation.selectDaysAndFrequency',
  path: ['customFrequency'],
});
export const habitWeekDayRule = z.refine<HabitRuleInput>(
  (h) => h.frequency !== 'custom' || h.customFrequency?.type !== 'days' || (h.customFrequency.days?.length ?? 0) > 0,
  { message: 'validation.customWeekDay', path: ['customFrequency', 'days'] },
);
export const habitIntervalRule = z.refine<HabitRuleInput>(
  (h) => h.frequency !== 'custom' || h.customFrequency?.type !== 'interval' || h.customFrequency.interval !== undefined,
  { message: 'validation.intervalRequired', path: ['customFrequency', 'interval'] },
);
export const habitCustomTimeRule = z.refine<HabitRuleInput>((h) => h.timeOfDay !== 'custom' || !!h.customTime, {
  message: 'validation.customTimeRequired',
  path: ['customTime'],
});

/** The fields of a new habit with their defaults, without the cross-field rules (see habitCreateSchema). */
export const habitCreateBaseSchema = z.object({
  _id: z.optional(idSchema),
  title: habitFields.title,
  description: z._default(habitFields.description, ''),
  icon: z._default(habitFields.icon, HABIT_DEFAULT_ICON),
  color: z._default(habitFields.color, HABIT_DEFAULT_COLOR),
  frequency: z._default(habitFields.frequency, 'daily'),
  customFrequency: z._default(habitFields.customFrequency, null),
  startDate: z.optional(habitFields.startDate),
  timeOfDay: z._default(habitFields.timeOfDay, 'anytime'),
  customTime: z._default(habitFields.customTime, null),
  priority: z._default(habitFields.priority, 'medium'),
  category: z._default(habitFields.category, ''),
  tags: z._default(habitFields.tags, []),
  isActive: z._default(habitFields.isActive, true),
});

/** A new habit (REST POST): the fields and the cross-field rules of SPEC section 5. */
export const habitCreateSchema = habitCreateBaseSchema.check(habitFrequencyRule, habitWeekDayRule, habitIntervalRule, habitCustomTimeRule);

export const habitPatchSchema = z.object({
  title: z.optional(habitFields.title),
  description: z.optional(habitFields.description),
  icon: z.optional(habitFields.icon),
  color: z.optional(habitFields.color),
  frequency: z.optional(habitFields.frequency),
  customFrequency: z.optional(habitFields.customFrequency),
  startDate: z.optional(habitFields.startDate),
  timeOfDay: z.optional(habitFields.timeOfDay),
  customTime: z.optional(habitFields.customTime),
  priority: z.optional(habitFields.priority),
  category: z.optional(habitFields.category),
  tags: z.optional(habitFields.tags),
  isActive: z.optional(habitFields.isActive),
});

const dayStatusSchema = z.enum(HABIT_DAY_STATUSES, 'validation.invalid');

/** The args of `habit.setDay` and `POST /api/habits/{id}/complete` (with the id from the path). */
export const habitDaySchema = z.object({
  habitId: idSchema,
  date: calendarDateSchema,
  status: dayStatusSchema,
});
export type HabitDayInput = z.infer<typeof habitDaySchema>;

/**
 * The most days one write may set (a REST body's `completionHistory`): each day is a `habit.setDay`, so a
 * request must not buy unbounded work (issue 12, point 7). 400 days is more than a year of history.
 */
export const MAX_HISTORY_PER_WRITE = 400;

/** The `date` of `POST`/`DELETE /api/habits/{id}/complete`: 'required' when missing, else a calendar date. */
const completeDate = z.pipe(z.string({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalidDate') }), calendarDateSchema);

/** `POST /api/habits/{id}/complete`: a date and one of the four statuses (`complete` when left out). */
export const habitCompleteBodySchema = z.object({ date: completeDate, status: z._default(dayStatusSchema, 'complete') });
/** `DELETE /api/habits/{id}/complete?date=`: the day to clear. */
export const habitCompleteQuerySchema = z.object({ date: completeDate });

/** A `completionHistory` entry as clients send it: `{date, status}` or SPEC's `{date, completed}`. */
export const habitHistoryEntrySchema = z.object({
  date: calendarDateSchema,
  status: z.optional(dayStatusSchema),
  completed: z.optional(z.boolean('validation.invalid')),
});
export type HabitHistoryEntry = z.infer<typeof habitHistoryEntrySchema>;
/** The day fields of a REST habit body: a full `completionHistory` and/or `completedToday` ('Complete today', SPEC section 4). */
export const habitDaysSchema = z.object({
  completionHistory: z.optional(z.array(habitHistoryEntrySchema).check(z.maxLength(MAX_HISTORY_PER_WRITE, 'validation.tooMany'))),
  completedToday: z.optional(z.boolean('validation.invalid')),
});
export type HabitDaysInput = z.infer<typeof habitDaysSchema>;

/** `GET /api/habits/{id}/month/{year}/{month}`: `month` is zero-based (0 = January), as SPEC section 7 says. */
export const habitMonthParamsSchema = z.object({ year: intParamSchema(1970, 9999), month: intParamSchema(0, 11) });

/** What is stored for one marked day: a `habitDay` row whose parent link is `habit` (PARENT_FIELD). */
export interface HabitDayData {
  habit: string;
  date: string;
  status: Exclude<HabitDayStatus, 'empty'>;
}

/** The namespace of habit-day ids. Fixed forever: changing it would give every day a new id. */
export const HABIT_DAY_NAMESPACE = '6f1c2b8e-4d3a-4e7b-9c51-2a8f0d6e9b37';

/**
 * The id of a habit's day: UUIDv5 of `habitId|YYYY-MM-DD`, so two devices marking the same day write the same
 * row (the last arrival wins) and different days never collide.
 */
export const habitDayId = (habitId: string, date: string): string => uuidV5(`${habitId}|${date}`, HABIT_DAY_NAMESPACE);

/** What is stored for a habit (the row's data). Days, streaks and `completedToday` are derived on read. */
export type HabitData = Omit<z.infer<typeof habitCreateSchema>, '_id' | 'startDate'> & { startDate: string };

/** A habit as the API answers it. */
export interface Habit extends HabitData {
  _id: string;
  completionHistory: { date: string; status: HabitDayStatus; completed: boolean }[];
  completedToday: boolean;
  todayStatus: HabitDayStatus;
  currentStreak: number;
  currentAntiStreak: number;
  bestStreak: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}
