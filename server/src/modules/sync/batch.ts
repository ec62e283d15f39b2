import { MutationError } from '@adhd/shared/sync/mutator';
import type { EntityType, Mutation } from '@adhd/shared/sync/protocol';
import { prepareMutation, readsOf, type PreparedMutation } from '@adhd/shared/sync/registry';
import type { ServerTx } from './server-tx.js';

/** What a write batch needs besides the engine: the quota, checked mutations and their prefetched rows. */

/**
 * The user's storage quota while a transaction runs: the stored byte total plus what the mutations so far
 * added. A mutation that adds data past the quota is refused; one that deletes or shrinks data never is.
 */
export class Quota {
  delta = 0;
  constructor(
    private readonly stored: number,
    private readonly limit: number,
  ) {}

  /** Take the running mutation's size change, or answer why not. */
  admit(change: number): string | null {
    if (change > 0 && this.stored + this.delta + change > this.limit) {
      const mb = Math.round(this.limit / (1024 * 1024));
      return `Storage limit reached: this account may store ${mb} MB. Delete something to make room`;
    }
    this.delta += change;
    return null;
  }
}

/** A pushed mutation checked (name and args), or why it will be rejected when its turn comes. */
export function tryPrepare(m: Mutation): PreparedMutation | MutationError {
  try {
    return prepareMutation(m.name, m.args);
  } catch (err) {
    if (err instanceof MutationError) return err;
    throw err;
  }
}

/** The rows a batch of mutations declares it reads (each mutator's `reads`), fetched with one query per type. */
export async function prefetchRows(tx: Pick<ServerTx, 'prefetch'>, mutations: (PreparedMutation | MutationError)[]): Promise<void> {
  const byType = new Map<EntityType, Set<string>>();
  for (const m of mutations) {
    if (m instanceof MutationError) continue;
    for (const [type, id] of readsOf(m)) {
      if (!id) continue;
      let ids = byType.get(type);
      if (!ids) byType.set(type, (ids = new Set()));
      ids.add(id);
    }
  }
  for (const [type, ids] of byType) await tx.prefetch(type, ids);
}
