import type { z } from 'zod/mini';
import { createArgs, fieldArgs, patchArgs } from './args.js';
import { defineMutator, definedFields, MutationError, PARENT_FIELD, type MutationOutcome, type MutationTx, type StoredRow } from './mutator.js';
import type { EntityType } from './protocol.js';

/**
 * The rules every tree of one entity type follows (tasks under tasks, folders under folders), shared by their
 * mutators: a parent that is missing or deleted means the root (design/sync.md §6, the row is `reparented`),
 * a move under itself or a descendant is refused `CYCLE`, and a subtree is deleted parent first.
 */

/**
 * The texts of a tree's domain errors (tests and clients read them): `noun` names the row ("task" gives
 * "Task not found" and "A task with this id already exists"), `cycle` is the domain's own sentence.
 */
export interface TreeMessages {
  noun: string;
  cycle: string;
}

/** A row's data with its parent link `F`. */
type Linked<F extends string> = { [K in F]: string | null };
type Shape = z.core.$ZodShape;

/** A live row of `type` with this id, else null: a missing or deleted parent (the row lands at the root). */
export async function liveOrNull(tx: MutationTx, type: EntityType, id: string | null): Promise<string | null> {
  if (!id) return null;
  const row = await tx.get(type, id);
  return row && !row.deleted ? id : null;
}

/** The tree rules of entity `type`, linked to its parent by `field` (which must be its PARENT_FIELD). */
export function treeRules<D extends Linked<F>, F extends string>(type: EntityType, field: F, { noun, cycle }: TreeMessages) {
  const messages = { notFound: `${noun[0]!.toUpperCase()}${noun.slice(1)} not found`, exists: `A ${noun} with this id already exists`, cycle };
  if (PARENT_FIELD[type] !== field) throw new Error(`${type} rows link to their parent by ${PARENT_FIELD[type]}, not ${field}`);

  const parentOf = (row: StoredRow<D> | undefined): string | null => (row && !row.deleted ? row.data[field] : null);

  /** The live row, or NOT_FOUND. */
  async function live(tx: MutationTx, id: string): Promise<StoredRow<D>> {
    const row = await tx.get<D>(type, id);
    if (!row || row.deleted) throw new MutationError('NOT_FOUND', messages.notFound);
    return row;
  }

  /** Whether `candidate` is `id` itself or one of its descendants (walking up from candidate). */
  async function wouldCycle(tx: MutationTx, id: string, candidate: string): Promise<boolean> {
    const seen = new Set<string>();
    let cursor: string | null = candidate;
    while (cursor) {
      // A cycle already stored counts too: refuse to extend it.
      if (cursor === id || seen.has(cursor)) return true;
      seen.add(cursor);
      cursor = parentOf(await tx.get<D>(type, cursor));
    }
    return false;
  }

  const resolveParent = (tx: MutationTx, parent: string | null) => liveOrNull(tx, type, parent);

  return {
    type,
    field,
    live,
    resolveParent,

    /** A new row; a parent that is the row itself, missing or deleted means the root. EXISTS for a taken id. */
    async create(tx: MutationTx, args: { id: string } & Linked<F>): Promise<MutationOutcome> {
      const { id, ...fields } = args;
      if (await tx.get(type, id)) throw new MutationError('EXISTS', messages.exists);
      const requested = args[field] === id ? null : args[field];
      const parent = await resolveParent(tx, requested);
      await tx.put(type, id, { ...fields, [field]: parent });
      return { reparented: requested !== parent };
    },

    /** Change the fields present in the args (undefined ones are left out) of a live row; NOT_FOUND otherwise. */
    async update(tx: MutationTx, { id, ...patch }: { id: string }): Promise<void> {
      const row = await live(tx, id);
      await tx.put(type, id, { ...row.data, ...definedFields(patch) });
    },

    /** Move a live row under `requested` (null: the root). CYCLE, naming the parent field, under itself. */
    async move(tx: MutationTx, args: { id: string } & Linked<F>): Promise<MutationOutcome> {
      const { id, [field]: requested } = args;
      const row = await live(tx, id);
      if (requested && (await wouldCycle(tx, id, requested))) {
        // Every 400 names its bad fields with a message (CONTRACT.md), like the validation answers.
        throw new MutationError('CYCLE', messages.cycle, [{ field, key: 'validation.invalid', message: messages.cycle }]);
      }
      const parent = await resolveParent(tx, requested);
      await tx.put(type, id, { ...row.data, [field]: parent });
      return { reparented: requested !== parent };
    },

    /** Tombstone a live row and every live row below it, parent first. */
    async removeSubtree(tx: MutationTx, id: string): Promise<void> {
      await live(tx, id);
      const queue = [id];
      while (queue.length > 0) {
        const current = queue.shift()!;
        for (const child of await tx.children(type, current)) queue.push(child.id);
        await tx.remove(type, current);
      }
    },

    /** Bring back a tombstoned row (a live one is left alone), at the root when its parent is gone. */
    async restore(tx: MutationTx, id: string): Promise<MutationOutcome> {
      const row = await tx.get<D>(type, id);
      if (!row) throw new MutationError('NOT_FOUND', messages.notFound);
      if (!row.deleted) return {};
      const parent = await resolveParent(tx, row.data[field]);
      await tx.put(type, id, { ...row.data, [field]: parent });
      return { reparented: parent !== row.data[field] };
    },
  };
}

/**
 * The create, update and move mutators of a tree domain, on its tree rules, with args derived from the domain's
 * REST schemas (sync/args.ts): create and move read the row and the requested parent, update the row.
 */
export function treeMutators<F extends string, C extends Shape, P extends Shape>(
  rules: Pick<ReturnType<typeof treeRules<Linked<F>, F>>, 'type' | 'field' | 'create' | 'update' | 'move'>,
  create: z.ZodMiniObject<C>,
  patch: z.ZodMiniObject<P>,
) {
  const { type, field } = rules;
  // The args' types are derived from generic shapes, which TypeScript cannot see into here; the schemas
  // guarantee `id` and the parent field (createArgs, patchArgs, fieldArgs).
  const of = (a: unknown) => a as { id: string } & Linked<F>;
  return {
    create: defineMutator(createArgs(create), (a) => [[type, of(a).id], [type, of(a)[field]]], (tx, a) => rules.create(tx, of(a))),
    update: defineMutator(patchArgs(patch, field as F & keyof P), (a) => [[type, of(a).id]], (tx, a) => rules.update(tx, of(a))),
    move: defineMutator(fieldArgs(patch, field as F & keyof P), (a) => [[type, of(a).id], [type, of(a)[field]]], (tx, a) => rules.move(tx, of(a))),
  };
}
