import { useTaskIndex, useTasks } from '../data/queries';
import { usePrefs, useToday } from '../../../lib/use-prefs';
import type { TaskFormValues } from '../logic/form';
import { TaskFormDialog, type TaskCreateFields } from './task-form-dialog';

export interface PrefilledTaskDialogProps {
  initial: Partial<TaskFormValues>;
  /** Saves the new task's fields (the inbox's conversion) instead of `task.create`. */
  onSave(fields: TaskCreateFields): Promise<void>;
  onClose(): void;
}

/** 'New task' opened from outside the tasks screen, pre-filled; the owner saves it. */
export function PrefilledTaskDialog({ initial, onSave, onClose }: PrefilledTaskDialogProps) {
  const prefs = usePrefs();
  const today = useToday(prefs.timeZone);
  const index = useTaskIndex(useTasks());
  return <TaskFormDialog target={{ mode: 'create', parent: null }} index={index} prefs={prefs} today={today} initial={initial} onSave={onSave} onClose={onClose} />;
}
