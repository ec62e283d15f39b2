import type { ReadRow } from '../modules/sync/repository.js';

/**
 * A stored row as the REST API answers it (SPEC section 7, CONTRACT.md): `{ _id, ...data, <extra>, createdAt,
 * updatedAt, version }`. Every domain's answer is this shape plus its own derived fields (`extra`: a task's
 * `children`, a tag's `usageCount`, a habit's streaks).
 */

/** The fields every entity answer carries besides its data. */
export interface ApiStamps {
  _id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/**
 * The API object of a row. `version` defaults to the row's; a domain whose answer covers more rows names the
 * newest (a habit and its day rows).
 */
export function toApi<D extends object, E extends object = Record<never, never>>(row: ReadRow, extra?: E, version = Number(row.version)): ApiStamps & D & E {
  const data = JSON.parse(row.data) as D;
  // `extra` is absent only when E is the empty default.
  return { _id: row.id, ...data, ...extra, createdAt: row.created_at, updatedAt: row.updated_at, version } as ApiStamps & D & E;
}

/**
 * `JSON.stringify(toApi(row))` built from the stored JSON text without parsing it: lists are the hot read path.
 * Stored data is always a JSON object written by `JSON.stringify`, so splicing after its opening brace is safe.
 * `extra` is already JSON: `"children":[…]`.
 */
export function apiJson(row: ReadRow, extra?: string): string {
  const body = row.data.length > 2 ? `${row.data.slice(1, -1)},` : '';
  return `{"_id":${JSON.stringify(row.id)},${body}${extra ? `${extra},` : ''}"createdAt":${JSON.stringify(row.created_at)},"updatedAt":${JSON.stringify(row.updated_at)},"version":${Number(row.version)}}`;
}
