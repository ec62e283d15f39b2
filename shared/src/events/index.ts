/** The events domain's shared surface (contract "Pure functions"): schema, mutations, recurrence and ranges. */
export * from './schema.js';
export * from './rrule.js';
export { eventMutators, type OccurrenceScope } from './mutators.js';
export { EVENT_NOT_FOUND } from './store.js';
export { firstKey, occurrenceKey, seriesKeys, MAX_STEPS } from './series.js';
export { compareOccurrences, expandEvents, lastTouchedDay, type Occurrence } from './recurrence.js';
export * from './ranges.js';
