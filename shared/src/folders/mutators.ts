import type { MutatorDef } from '../sync/mutator.js';

/** Folder mutations (`folder.*`), filled by the notes issue. */
export const folderMutators: Record<string, MutatorDef> = {};
