import type { MutationOutcome } from '@adhd/shared/sync/mutator';
import type { MutationName, ParsedMutationArgs, PreparedMutation } from '@adhd/shared/sync/registry';
import type { Db } from './repository.js';
import type { ServerTx } from './server-tx.js';

/** What a server hook sees: the user, the open database transaction and the mutations' transaction. */
export interface HookContext {
  userId: string;
  /** The SQL transaction of the push or REST request: a write here commits or rolls back with it. */
  trx: Db;
  /** The staged rows the shared mutators wrote; a `put` here is written (and versioned) with them. */
  tx: ServerTx;
  /** The server's timestamp of the transaction. */
  now: string;
}

/**
 * Server-only work after a mutation (like zbugs' server mutators): runs right after the shared mutator, in the
 * same mutation layer and SQL transaction, for a sync push and for REST alike. Throwing a MutationError rejects
 * the mutation (its writes and the hook's staged rows are dropped); any other error fails the whole request.
 */
export type AfterHook<N extends MutationName> = (ctx: HookContext, args: ParsedMutationArgs<N>, outcome: MutationOutcome) => Promise<void> | void;

type HookLists = { [N in MutationName]?: AfterHook<N>[] };

/** The hooks of one engine, by mutation name. Nothing registers one yet; a domain may from its routes plugin. */
export class MutationHooks {
  private readonly hooks: HookLists = {};

  /** Run `hook` after every `name` mutation; answers a function that unregisters it. */
  after<N extends MutationName>(name: N, hook: AfterHook<N>): () => void {
    const list: AfterHook<N>[] = this.hooks[name] ?? [];
    list.push(hook);
    this.hooks[name] = list as HookLists[N];
    return () => {
      list.splice(list.indexOf(hook), 1);
    };
  }

  /** Run the hooks registered for a mutation that has just run. */
  async runAfter<N extends MutationName>(ctx: HookContext, mutation: PreparedMutation<N>, outcome: MutationOutcome): Promise<void> {
    const list: AfterHook<N>[] | undefined = this.hooks[mutation.name];
    for (const hook of list ?? []) await hook(ctx, mutation.args, outcome);
  }
}
