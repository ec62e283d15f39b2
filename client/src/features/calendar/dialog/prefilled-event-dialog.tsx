import { usePrefs, useToday } from '../../../lib/use-prefs';
import { EventEditor } from './event-editor';
import { defaultValues } from './logic/form';
import type { EventFields } from './logic/types';

export interface PrefilledEventDialogProps {
  initial: { title: string; description: string };
  /** Saves the new event's fields (the inbox's conversion) instead of `event.create`. */
  onSave(fields: EventFields): Promise<void>;
  onClose(): void;
}

/** 'New event' opened from outside the calendar, pre-filled and starting today; the owner saves it. */
export function PrefilledEventDialog({ initial, onSave, onClose }: PrefilledEventDialogProps) {
  const prefs = usePrefs();
  const today = useToday(prefs.timeZone);
  const values = { ...defaultValues({ startDate: today, allDay: false }), ...initial };
  return <EventEditor initial={values} prefs={prefs} today={today} onSave={onSave} onClose={onClose} />;
}
