import { z } from 'zod/mini';
import type { EntityType } from '@adhd/shared/sync/protocol';
import { findEntity, type Db } from '../modules/sync/repository.js';
import { badRequest, notFound } from './errors.js';

/**
 * The one rule every REST `PUT` follows (docs/sync.md, "Conflict rules"): only the fields that differ from the
 * stored row change, and when the caller names the version its copy was read at (its base), a field someone
 * else changed after that version keeps its newer value, so a stale copy never reverts a newer sync write.
 * Each route turns the plan into its domain's mutations (a move for the parent field, an update for the rest,
 * per-day calls for habits, a conflicted copy for note bodies).
 */

/** `version` in a body: a non-negative integer, or null/absent for "no base". */
const bodyVersion = z.object({
  version: z.optional(z.nullable(z.int('validation.invalid').check(z.gte(0, 'validation.invalid')))),
});

/** `If-Match: 12`, `"12"` or `W/"12"`; `*` means any version, i.e. no base. Checked for length before the pattern. */
const IF_MATCH = /^(?:W\/)?"?(\d{1,15})"?$/;

/**
 * The version the caller's copy was read at: `version` in the body, else the `If-Match` header; null when
 * neither is given (then the PUT compares with the stored row only, as before base versions existed). A value
 * that is not a version is a 400 naming `version` or `If-Match`.
 */
export function baseVersionOf(body: unknown, ifMatch: string | string[] | undefined): number | null {
  const parsed = z.safeParse(bodyVersion, body && typeof body === 'object' && !Array.isArray(body) ? body : {});
  if (!parsed.success) throw badRequest([{ field: 'version', key: 'validation.invalid', message: 'Invalid value' }], 'Invalid version');
  if (typeof parsed.data.version === 'number') return parsed.data.version;
  if (ifMatch === undefined) return null;
  const header = (Array.isArray(ifMatch) ? ifMatch.join(',') : ifMatch).trim();
  if (header === '*') return null;
  const match = header.length <= 24 ? IF_MATCH.exec(header) : null;
  if (!match) throw badRequest([{ field: 'If-Match', key: 'validation.invalid', message: 'Invalid value' }], 'Invalid If-Match header');
  return Number(match[1]);
}

/** A stored row as an update sees it: its data, tombstone flag, row version and per-field versions. */
export interface StoredEntity<T> {
  data: T;
  deleted: boolean;
  version: number;
  fieldVersions: Record<string, number>;
}

/** The user's row of `type`, tombstones included; null when it never existed (or was collected). */
export async function readStored<T>(db: Db, userId: string, type: EntityType, id: string): Promise<StoredEntity<T> | null> {
  const row = await findEntity(db, userId, type, id);
  if (!row) return null;
  return {
    data: JSON.parse(row.data) as T,
    deleted: row.deleted === 1,
    version: Number(row.version),
    fieldVersions: JSON.parse(row.field_versions) as Record<string, number>,
  };
}

/** True when `key` (a field, or a habit's day) was written after the caller's base version. */
export const changedSinceBase = (versions: Record<string, number> | Map<string, number>, key: string, base: number | null): boolean =>
  base !== null && ((versions instanceof Map ? versions.get(key) : versions[key]) ?? 0) > base;

export interface UpdatePlan<T> {
  /** The fields to send to the domain's mutations: they differ from the stored row and are not newer than the base. */
  changed: Partial<T>;
  /** Fields the caller sent with another value but someone else changed after its base: their stored value stays. */
  kept: Partial<T>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Split a parsed PUT body into the fields to write and the newer fields to keep (see the module comment). */
export function planUpdate<T extends object>(patch: Partial<T>, stored: StoredEntity<T>, base: number | null): UpdatePlan<T> {
  const changed: Record<string, unknown> = {};
  const kept: Record<string, unknown> = {};
  const data = stored.data as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || same(v, data[k])) continue;
    if (changedSinceBase(stored.fieldVersions, k, base)) kept[k] = v;
    else changed[k] = v;
  }
  return { changed: changed as Partial<T>, kept: kept as Partial<T> };
}

/**
 * Read the row a PUT targets and plan the update. A missing row is a 404 with `notFoundMessage`; so is a
 * tombstone, unless `allowDeleted` (notes: a text edit restores a deleted note, see `note.update`).
 */
export async function prepareUpdate<T extends object>(
  db: Db,
  userId: string,
  type: EntityType,
  id: string,
  patch: Partial<T>,
  base: number | null,
  notFoundMessage: string,
  { allowDeleted = false }: { allowDeleted?: boolean } = {},
): Promise<UpdatePlan<T> & { stored: StoredEntity<T> }> {
  const stored = await readStored<T>(db, userId, type, id);
  if (!stored || (stored.deleted && !allowDeleted)) throw notFound(notFoundMessage);
  return { stored, ...planUpdate(patch, stored, base) };
}

/** How a domain writes planned fields: its update mutation, and its move mutation for a parent link. */
export interface ChangeWriters<T, K extends keyof T> {
  update(fields: Omit<Partial<T>, K>): Promise<unknown>;
  move?: { field: K; run(value: T[K]): Promise<unknown> };
}

/**
 * Send planned fields to a domain's mutations: the parent link (`move.field`) through the move mutation, the
 * other fields through one update; nothing when nothing changed.
 */
export async function applyChanges<T extends object, K extends keyof T = never>(changed: Partial<T>, writers: ChangeWriters<T, K>): Promise<void> {
  const rest: Partial<T> = { ...changed };
  if (writers.move) {
    const value = rest[writers.move.field];
    delete rest[writers.move.field];
    if (value !== undefined) await writers.move.run(value);
  }
  if (!isEmpty(rest)) await writers.update(rest);
}

/** The fields of a parsed body that were sent (zod leaves absent optional fields undefined). */
export { definedFields } from '@adhd/shared/sync/mutator';

export const isEmpty = (fields: object): boolean => Object.keys(fields).length === 0;
