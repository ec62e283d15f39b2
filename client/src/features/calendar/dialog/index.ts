/**
 * The event dialog's surface for the calendar screen (issue 15, helper D): the dialog in view, edit and create
 * mode, and the occurrence-scope question the screen asks before moving one occurrence of a series.
 */
export { EventDialog, type EventDialogTarget } from './event-dialog';
export { askOccurrenceScope, type ScopeQuestion } from './occurrence-scope';
export { useEventMessages } from './labels';
export type { OccurrenceScope } from './logic/types';
export { PrefilledEventDialog, type PrefilledEventDialogProps } from './prefilled-event-dialog';
export type { EventFields } from './logic/types';
