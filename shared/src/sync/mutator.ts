import type { z } from 'zod/mini';
import type { EntityType } from './protocol.js';

/** A stored row as mutators see it. `data` holds the entity's own fields (no id, no timestamps). */
export interface StoredRow<T = Record<string, unknown>> {
  id: string;
  data: T;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
}

/**
 * The storage a mutator runs against. The client implements it over Dexie, the server over kysely;
 * both run the same mutator code (design/sync.md, "intents beat states").
 */
export interface MutationTx {
  /** Timestamp for createdAt/updatedAt. The server's clock wins: it rewrites timestamps on its side. */
  readonly now: string;
  /** A row by id, tombstones included. */
  get<T = Record<string, unknown>>(type: EntityType, id: string): Promise<StoredRow<T> | undefined>;
  /** Create or replace a live row. */
  put(type: EntityType, id: string, data: Record<string, unknown>): Promise<void>;
  /** Tombstone a row (soft delete). */
  remove(type: EntityType, id: string): Promise<void>;
  /** Live rows whose parent link (see PARENT_FIELD) is `parentId`. */
  children(type: EntityType, parentId: string): Promise<StoredRow[]>;
  /** Every live row of a type, including the ones written earlier in this transaction, sorted by id. */
  all(type: EntityType): Promise<StoredRow[]>;
  /**
   * The live rows of a type whose `tags` array holds `tagId`, sorted by id. Costs the rows that hold the tag,
   * not every row: the server answers from its `tag_refs` index, the client from the rows it has loaded.
   */
  withTag(type: EntityType, tagId: string): Promise<StoredRow[]>;
}

/** Whether a row's `tags` array holds `tagId`. */
export const holdsTag = (row: StoredRow, tagId: string): boolean => Array.isArray(row.data.tags) && row.data.tags.includes(tagId);

/** The fields of a patch that are set: zod leaves absent optional fields undefined. */
export const definedFields = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The field that links a row to its parent, for types that form a tree. */
export const PARENT_FIELD: Partial<Record<EntityType, string>> = {
  task: 'parent',
  folder: 'parentFolder',
  habitDay: 'habit',
  note: 'folder',
  /** An override (one changed occurrence) is a child of its series. */
  event: 'seriesId',
};

/** A domain error: the mutation is rejected (sync) or answered with an error status (REST). */
export class MutationError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'CYCLE' | 'EXISTS' | 'VALIDATION' | 'READ_ONLY' | 'FORBIDDEN',
    message: string,
    readonly details?: { field: string; key: string; message?: string }[],
  ) {
    super(message);
    this.name = 'MutationError';
  }
}

export interface MutationOutcome {
  /** A create or move whose parent was missing or deleted landed at the root instead. */
  reparented?: boolean;
}

/**
 * A row a mutator reads, named before it runs: `[type, id]`; a null or absent id (an optional parent) reads
 * nothing. The server loads the declared rows of a whole push with one query per type (`prefetchRows`).
 */
export type RowRef = readonly [EntityType, string | null | undefined];

/** The parsed args of schema `S` (`z.output<S>`, written so that it also resolves for a generic `S`). */
export type ArgsOut<S extends z.ZodMiniType> = S['_zod']['output'];

export interface MutatorDef<S extends z.ZodMiniType = z.ZodMiniType> {
  /** The args schema; callers pass its input type, `run` gets its output. */
  args: S;
  /**
   * The rows `run` reads by id, for prefetch. Rows found by walking (ancestors, children, tagged items) are
   * read as the mutator goes; declaring them is not needed for correctness, only for speed.
   */
  reads(args: ArgsOut<S>): readonly RowRef[];
  run(tx: MutationTx, args: ArgsOut<S>): Promise<MutationOutcome | void>;
  /**
   * Loads the code `run` imports lazily (kept out of the client's start-up JS), if any. The client calls it
   * before it opens the IndexedDB transaction `run` works in: a transaction does not outlive a module fetch.
   */
  preload?: () => Promise<unknown>;
}

/** A named mutation: its args schema, the rows it reads by id (for prefetch) and its effect (see MutatorDef). */
export function defineMutator<S extends z.ZodMiniType>(
  args: S,
  reads: MutatorDef<S>['reads'],
  run: MutatorDef<S>['run'],
  options: { preload?: () => Promise<unknown> } = {},
): MutatorDef<S> {
  return { args, reads, run, ...options };
}

/**
 * A module loaded on first use and then held: `load()` imports it once; `loaded` is the module or null. A
 * mutator that needs rarely used code takes it through this and names `load` as its `preload`.
 */
export function lazyModule<M>(importer: () => Promise<M>): { load(): Promise<M>; readonly loaded: M | null } {
  let loaded: M | null = null;
  let pending: Promise<M> | null = null;
  return {
    load: () => (loaded ? Promise.resolve(loaded) : (pending ??= importer().then((m) => (loaded = m), (err: unknown) => {
      pending = null;
      throw err;
    }))),
    get loaded() {
      return loaded;
    },
  };
}
