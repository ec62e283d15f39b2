import { sql, type Kysely, type RawBuilder } from 'kysely';
import { answerBuffer } from '../lib/answer-buffer.js';

/**
 * `Dialect.cutPage` (dialect.ts): the pull's page (sync/pull.ts) in one statement — where the page ends (the
 * cut) and the text of each of its rows (2–3 MB of change JSON built by the store) — then written between a
 * head and a tail, joined by commas, as one UTF-8 buffer (`joinParts`), each part copied once.
 */

type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>;

/** A page as `Dialect.cutPage` read it: the cut and the texts of its `take` rows, in order. */
export interface CutPage {
  /** Rows after the cursor, counted up to the page's limit + 1 (more than `take`: there is more). */
  fetched: number;
  /** Rows in the page. */
  take: number;
  /** The version of the page's last row (null: no rows). */
  last: number | null;
  /** The rows' texts: one string per row, or the whole page's texts already joined by commas as bytes. */
  parts: readonly (string | Uint8Array)[];
}

/**
 * The statement's pieces: `cut` selects one row (`fetched`, `last`), available to `rows` as the table `cut`;
 * `rows` is `FROM … ORDER BY …` of the page's rows, whose text is `column`.
 */
export interface PageQuery {
  cut: RawBuilder<unknown>;
  column: RawBuilder<unknown>;
  rows: RawBuilder<unknown>;
}

const COMMA = 0x2c;
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** `parts` joined by commas between `head` and `tail`, as one UTF-8 buffer (lib/answer-buffer.ts). */
export function joinParts(parts: readonly (string | Uint8Array)[], head: string, tail: string): Buffer {
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail) + Math.max(0, parts.length - 1);
  for (const p of parts) size += typeof p === 'string' ? Buffer.byteLength(p) : p.length;
  const out = answerBuffer(size);
  let at = out.write(head, 0);
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) out[at++] = COMMA;
    const part = parts[i]!;
    if (typeof part === 'string') at += out.write(part, at);
    else {
      out.set(part, at);
      at += part.length;
    }
  }
  out.write(tail, at);
  return out;
}

/**
 * PostgreSQL: one row per page row, its text and the cut (both uncorrelated subqueries, run once). No rows
 * means no rows after the cursor (the cut always takes at least one). Aggregating the page into one value in
 * PostgreSQL (`string_agg`) is slower: one multi-megabyte value costs more to send and read than many rows.
 */
export async function cutPageOfRows(db: AnyDb, { cut, column, rows }: PageQuery): Promise<CutPage> {
  const result = await sql<{ f: unknown; l: unknown; v: string | null }>`WITH cut AS (${cut})
    SELECT (SELECT fetched FROM cut) AS f, (SELECT last FROM cut) AS l, ${column} AS v ${rows}`.execute(db as Kysely<unknown>);
  const first = result.rows[0];
  if (!first) return { fetched: 0, take: 0, last: null, parts: [] };
  return { fetched: num(first.f) ?? 0, take: result.rows.length, last: num(first.l), parts: result.rows.map((r) => r.v ?? '') };
}

/**
 * SQLite: one answer row — the cut, the number of page rows and their texts joined by commas by the store
 * (`group_concat`), read as one BLOB (the database's UTF-8 bytes: no JavaScript string and no object per row).
 * The rows are concatenated in the subquery's order: SQLite keeps a FROM subquery's ORDER BY under an aggregate
 * other than count/min/max, and never flattens an ordered subquery into an aggregate. `CAST(text AS BLOB)` gives
 * the database's text encoding, UTF-8 here (SQLite's default; the app never sets another).
 */
export async function cutPageSqlite(db: AnyDb, { cut, column, rows }: PageQuery): Promise<CutPage> {
  const result = await sql<{ f: unknown; l: unknown; n: unknown; p: Uint8Array | null }>`WITH cut AS (${cut})
    SELECT (SELECT fetched FROM cut) AS f, (SELECT last FROM cut) AS l, count(*) AS n, CAST(group_concat(v, ',') AS BLOB) AS p
    FROM (SELECT ${column} AS v ${rows})`.execute(db as Kysely<unknown>);
  const row = result.rows[0];
  const take = num(row?.n) ?? 0;
  return { fetched: num(row?.f) ?? 0, take, last: num(row?.l), parts: take > 0 && row?.p ? [row.p] : [] };
}
