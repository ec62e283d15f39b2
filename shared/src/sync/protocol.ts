import { z } from 'zod/mini';
import { boundedString } from '../validation/fields.js';

/** Schema version of the sync protocol; a client older than MIN_CLIENT_SCHEMA gets 426. */
export const SYNC_SCHEMA_VERSION = 1;
export const MIN_CLIENT_SCHEMA = 1;
export const PULL_DEFAULT_LIMIT = 500;
export const PULL_MAX_LIMIT = 5_000;
export const PUSH_MAX_MUTATIONS = 1_000;
/**
 * A pull page is cut once its rows reach this many bytes of JSON (always at least one row), so no answer is
 * built as one giant string (issue 12, point 7).
 */
export const PULL_MAX_BYTES = 4 * 1024 * 1024;
/** The client cuts push batches at this many bytes of JSON, well under the server's 1 MiB body limit. */
export const PUSH_MAX_BYTES = 512 * 1024;
/**
 * A mutation the client could not send (a single mutation larger than the server accepts): its outbox entry is
 * replaced by this no-op so its id is still consumed in order, and the original goes to "needs attention".
 */
export const SKIP_MUTATION = 'sync.skip';
/** Rejection codes beyond the domain's: a write over the user's storage quota, a mutation too big to send. */
export const QUOTA_EXCEEDED = 'QUOTA_EXCEEDED';
export const TOO_LARGE = 'TOO_LARGE';

/** Entity types replicated by the sync protocol. Each has its own table on the client. */
export const ENTITY_TYPES = [
  'task',
  'habit',
  'habitDay',
  'note',
  'folder',
  'event',
  'tag',
  'tagRef',
  'inbox',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const clientIdSchema = boundedString(100, 'validation.invalidId', 'validation.invalidId').check(
  z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'validation.invalidId'),
);

export const mutationSchema = z.object({
  id: z.int('validation.invalid').check(z.gte(1, 'validation.invalid'), z.lte(Number.MAX_SAFE_INTEGER, 'validation.invalid')),
  name: boundedString(100, 'validation.invalid', 'validation.invalid').check(z.regex(/^[a-zA-Z]+\.[a-zA-Z]+(@\d+)?$/, 'validation.invalid')),
  args: z.unknown(),
  clientTime: z.optional(boundedString(40)),
});
export type Mutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.object({
  clientId: clientIdSchema,
  schemaVersion: z.optional(z.int()),
  mutations: z.array(mutationSchema).check(z.maxLength(PUSH_MAX_MUTATIONS, 'validation.tooMany')),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export type MutationResult =
  | { id: number; status: 'applied'; version: number | null; reparented?: boolean }
  | { id: number; status: 'skipped' }
  | { id: number; status: 'rejected'; code: string; message?: string };

export interface PushResponse {
  lastMutationId: number;
  results: MutationResult[];
}

export const pullRequestSchema = z.object({
  clientId: clientIdSchema,
  cursor: z._default(z.int('validation.invalid').check(z.gte(0, 'validation.invalid')), 0),
  limit: z._default(
    z.int('validation.invalid').check(z.gte(1, 'validation.invalid'), z.lte(PULL_MAX_LIMIT, 'validation.invalid')),
    PULL_DEFAULT_LIMIT,
  ),
  schemaVersion: z.optional(z.int()),
  /**
   * The database epoch the client's cursor was read in (from the previous pull's answer). A cursor from an
   * epoch this database does not know (a restored backup, another database) answers `reset: true`.
   */
  epoch: z.optional(boundedString(64)),
});
export type PullRequest = z.infer<typeof pullRequestSchema>;

export interface Change {
  entity: EntityType;
  id: string;
  version: number;
  deleted: boolean;
  /** The entity as the API answers it (without derived fields); absent for tombstones. */
  data?: Record<string, unknown>;
}

export interface PullResponse {
  cursor: number;
  hasMore: boolean;
  reset: boolean;
  lastMutationId: number;
  /** The database epoch this cursor belongs to; the client sends it back with its next pull. */
  epoch: string;
  changes: Change[];
}
