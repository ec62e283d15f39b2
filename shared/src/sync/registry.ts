import { z } from 'zod/mini';
import { folderMutators } from '../folders/mutators.js';
import { habitMutators } from '../habits/mutators.js';
import { noteMutators } from '../notes/mutators.js';
import { tagMutators } from '../tags/mutators.js';
import { taskMutators } from '../tasks/mutators.js';
import { toFieldErrors } from '../validation/issues.js';
import { defineMutator, MutationError, type MutationOutcome, type MutationTx, type MutatorDef } from './mutator.js';
import { SKIP_MUTATION } from './protocol.js';

/**
 * Every named mutation the client and the server execute. A name never changes meaning: a new version of
 * a mutation gets a new name (`task.update@2`) so outbox entries queued by an older client still run.
 */
export const mutators: Record<string, MutatorDef> = {
  ...taskMutators,
  ...tagMutators,
  ...habitMutators,
  ...noteMutators,
  ...folderMutators,
  /** Consumes a mutation id the client could not send (see SKIP_MUTATION); changes nothing. */
  [SKIP_MUTATION]: defineMutator(z.unknown(), async () => {}),
};

export type MutationName = keyof typeof mutators;

/** Validate a mutation's args and run it. Throws MutationError for unknown names, bad args and domain errors. */
export async function runMutation(tx: MutationTx, name: string, args: unknown): Promise<MutationOutcome> {
  const def = Object.hasOwn(mutators, name) ? mutators[name] : undefined;
  if (!def) throw new MutationError('VALIDATION', `Unknown mutation ${name}`);
  const parsed = z.safeParse(def.args, args);
  if (!parsed.success) {
    throw new MutationError('VALIDATION', 'Invalid mutation arguments', toFieldErrors(parsed.error));
  }
  return (await def.run(tx, parsed.data)) ?? {};
}
