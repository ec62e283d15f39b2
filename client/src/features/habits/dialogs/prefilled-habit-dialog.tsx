import { usePrefs, useToday } from '../../../lib/use-prefs';
import type { HabitFormValues } from '../logic/form';
import { HabitFormDialog, type HabitCreateFields } from './habit-form-dialog';

export interface PrefilledHabitDialogProps {
  initial: Partial<HabitFormValues>;
  /** Saves the new habit's fields (the inbox's conversion) instead of `habit.create`. */
  onSave(fields: HabitCreateFields): Promise<void>;
  onClose(): void;
}

/** 'New habit' opened from outside the habits screen, pre-filled; the owner saves it. */
export function PrefilledHabitDialog({ initial, onSave, onClose }: PrefilledHabitDialogProps) {
  const prefs = usePrefs();
  const today = useToday(prefs.timeZone);
  return <HabitFormDialog target={{ mode: 'create' }} prefs={prefs} today={today} initial={initial} onSave={onSave} onClose={onClose} />;
}
