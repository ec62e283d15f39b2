import type { EntityRow } from '../../../db/entity-rows';

/**
 * The shared events functions the screen uses (contract "Pure functions"): the recurrence expansion and tasks as
 * events. Imported here, in the calendar's lazy chunk (no RRULE library: the rules are counted by arithmetic).
 */
export { expandEvents, taskAsEvent, type Occurrence } from '@adhd/shared/events/index';

/** A stored event as the calendar reads it: the live row under the REST id name the shared functions use. */
export type EventRow = EntityRow<'event'> & { _id: string };
