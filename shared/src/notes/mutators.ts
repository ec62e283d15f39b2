import type { MutatorDef } from '../sync/mutator.js';

/** Note mutations (`note.*`), filled by the notes issue. */
export const noteMutators: Record<string, MutatorDef> = {};
