import type { MutatorDef } from '../sync/mutator.js';

/** Habit mutations (`habit.*`), filled by the habits issue. */
export const habitMutators: Record<string, MutatorDef> = {};
