import type { MutationArgs, MutationName } from '@adhd/shared/sync/registry';
import type { MutationOutcome } from '@adhd/shared/sync/mutator';
import type { AppDatabase } from './database';
import { DexieTx } from './dexie-tx';
import { loadRegistry } from './registry';

/**
 * A local write (design/sync.md §3): one Dexie transaction runs the shared mutator against the local tables,
 * takes the next mutation id and appends the outbox entry. Either all of it lands or none; a MutationError
 * (bad args, NOT_FOUND, CYCLE…) aborts the transaction and is rethrown for the screen to show.
 * Typed: a misspelt mutation name or a wrongly typed argument fails to compile.
 */
export async function mutate<N extends MutationName>(db: AppDatabase, name: N, args: MutationArgs<N>, options: MutateOptions = {}): Promise<MutationOutcome> {
  return mutateWire(db, name, args, options);
}

export interface MutateOptions {
  /**
   * The change's time (ISO), when the caller has already shown it: an optimistic row (live-table.ts
   * `optimistic`) made with the same time is then equal to the stored one and is not rendered again.
   */
  now?: string;
}

/**
 * `mutate` for a name and args that were stored as data (a refused change restored as new): checked at run
 * time by the mutator's schema only.
 */
export async function mutateWire(db: AppDatabase, name: string, args: unknown, { now }: MutateOptions = {}): Promise<MutationOutcome> {
  // The registry, and a mutation whose code loads on first use (an occurrence edit), load before the
  // transaction opens (it would not survive the fetch).
  const { preloadMutations, runWireMutation } = await loadRegistry();
  await preloadMutations([name]);
  return db.transaction('rw', db.writeTables, async () => {
    const tx = new DexieTx(db, now ?? new Date().toISOString(), true);
    const outcome = await runWireMutation(tx, name, args);
    const next = Number((await db._meta.get('nextMutationId'))?.value ?? 1);
    await db._outbox.add({ id: next, name, args, clientTime: tx.now });
    await db._meta.put({ key: 'nextMutationId', value: next + 1 });
    return outcome;
  });
}
