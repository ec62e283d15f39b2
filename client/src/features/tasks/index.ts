/**
 * The tasks feature's public surface for static imports (docs/architecture.md, "Rooms and public surfaces"):
 * the live tasks and the task writes, which the calendar uses for tasks with a due date (shown as task events,
 * completed from there). Its route screen loads on demand through `./screens`.
 */
export { useTasks } from './data/queries';
export { useTaskActions, type TaskActions } from './data/mutations';
export type { TaskItem } from './logic/types';
export { PrefilledTaskDialog, type PrefilledTaskDialogProps } from './dialogs/prefilled-task-dialog';
export type { TaskCreateFields } from './dialogs/task-form-dialog';
// The dashboard's task rows: the date labels (Today, Yesterday, 'Mar 5, 2025'), untitled label and the optimistic completion.
export { useDateLabel, useTitleOf } from './components/labels';
export { useOptimisticToggle } from './hooks/use-optimistic-toggle';
