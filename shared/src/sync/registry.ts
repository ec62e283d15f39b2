import { z } from 'zod/mini';
import { eventMutators } from '../events/mutators.js';
import { folderMutators } from '../folders/mutators.js';
import { habitMutators } from '../habits/mutators.js';
import { inboxMutators } from '../inbox/mutators.js';
import { noteMutators } from '../notes/mutators.js';
import { tagMutators } from '../tags/mutators.js';
import { taskMutators } from '../tasks/mutators.js';
import { toFieldErrors } from '../validation/issues.js';
import { defineMutator, MutationError, type MutationOutcome, type MutationTx, type MutatorDef, type RowRef } from './mutator.js';
import { SKIP_MUTATION } from './protocol.js';

/**
 * Every named mutation the client and the server execute. A name never changes meaning: a new version of
 * a mutation gets a new name (`task.update@2`) so outbox entries queued by an older client still run.
 * The object keeps its literal type, so `MutationName` is the union of the real names.
 */
export const mutators = {
  ...taskMutators,
  ...tagMutators,
  ...habitMutators,
  ...noteMutators,
  ...folderMutators,
  ...eventMutators,
  ...inboxMutators,
  /** Consumes a mutation id the client could not send (see SKIP_MUTATION); changes nothing. */
  [SKIP_MUTATION]: defineMutator(z.unknown(), () => [], async () => {}),
} satisfies Record<string, MutatorDef>;

type Registry = typeof mutators;

/** The name of a registered mutation: `'task.create' | 'task.update' | …`. */
export type MutationName = keyof Registry;

/** What a caller passes to mutation `N`: the INPUT type of its args schema (defaults may be left out). */
export type MutationArgs<N extends MutationName> = z.input<Registry[N]['args']>;

/** What mutation `N`'s mutator (and a server hook) receives: the parsed OUTPUT of its args schema. */
export type ParsedMutationArgs<N extends MutationName> = z.output<Registry[N]['args']>;

/** One typed call: a name with its args (a union over every name when `N` is left out). */
export type MutationCall<N extends MutationName = MutationName> = { [K in N]: { name: K; args: MutationArgs<K> } }[N];

export type { MutationOutcome } from './mutator.js';

/** A mutation whose name is known and whose args were parsed: ready to prefetch for and to run. */
export interface PreparedMutation<N extends MutationName = MutationName> {
  name: N;
  args: ParsedMutationArgs<N>;
}

const definitionOf = (name: MutationName): MutatorDef => mutators[name];

const isMutationName = (name: string): name is MutationName => Object.hasOwn(mutators, name);

/**
 * Check a mutation that came as JSON (a sync push, the client's outbox): the name must be registered and the
 * args must pass its schema. Throws MutationError VALIDATION otherwise (field errors in `details`).
 */
export function prepareMutation(name: string, args: unknown): PreparedMutation {
  if (!isMutationName(name)) throw new MutationError('VALIDATION', `Unknown mutation ${name}`);
  const parsed = z.safeParse(definitionOf(name).args, args);
  if (!parsed.success) {
    throw new MutationError('VALIDATION', 'Invalid mutation arguments', toFieldErrors(parsed.error));
  }
  return { name, args: parsed.data };
}

/** The rows a prepared mutation declares it reads (its mutator's `reads`), for prefetch. */
export function readsOf(mutation: PreparedMutation): readonly RowRef[] {
  return definitionOf(mutation.name).reads(mutation.args);
}

/**
 * Load the lazily imported code of mutation `name` (none for most), or of every mutation when `name` is left out:
 * the client awaits it before the IndexedDB transaction that runs the mutation. An unknown name loads nothing.
 */
export async function preloadMutations(names?: Iterable<string>): Promise<void> {
  const defs: MutatorDef[] = names ? [...names].filter(isMutationName).map(definitionOf) : Object.values(mutators);
  await Promise.all(defs.map((def) => def.preload?.()));
}

/** Run a prepared mutation. Throws MutationError for domain errors. */
export async function runPrepared(tx: MutationTx, mutation: PreparedMutation): Promise<MutationOutcome> {
  return (await definitionOf(mutation.name).run(tx, mutation.args)) ?? {};
}

/** The untyped entry for names and args read from JSON (server push, client rebase): validates, then runs. */
export async function runWireMutation(tx: MutationTx, name: string, args: unknown): Promise<MutationOutcome> {
  return runPrepared(tx, prepareMutation(name, args));
}

/**
 * Validate a mutation's args and run it, for typed callers: a misspelt name or a wrongly typed argument fails
 * to compile. The args are still validated at run time (a schema checks more than a type: lengths, formats).
 */
export async function runMutation<N extends MutationName>(tx: MutationTx, name: N, args: MutationArgs<N>): Promise<MutationOutcome> {
  return runWireMutation(tx, name, args);
}
