/**
 * The habits feature's public surface for static imports (docs/architecture.md, "Rooms and public surfaces"):
 * the live habits with their marked days and the habit writes, which the calendar uses for today's habits in
 * its day views (ticked there with `setDay`). Its route screen loads on demand through `./screens`.
 */
export { useHabits } from './data/queries';
export { useHabitActions, type HabitActions } from './data/mutations';
export type { HabitItem } from './logic/types';
export { PrefilledHabitDialog, type PrefilledHabitDialogProps } from './dialogs/prefilled-habit-dialog';
export type { HabitCreateFields } from './dialogs/habit-form-dialog';
// The dashboard's today's habits: the time-of-day labels.
export { useHabitLabels } from './components/labels';
