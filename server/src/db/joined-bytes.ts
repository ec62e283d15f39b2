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
 * The statement's pieces. The rows are `SELECT columns source` (`FROM … WHERE …`, ending in its condition), in
 * `version` order (unique), each
 * `size` bytes (plus `overhead`); the page takes them in order while their sizes add up to at most `maxBytes`,
 * at least one and at most `limit`. `column` is a row's text, over `columns`.
 */
export interface PageQuery {
  source: RawBuilder<unknown>;
  columns: RawBuilder<unknown>;
  size: RawBuilder<unknown>;
  column: RawBuilder<unknown>;
  limit: number;
  maxBytes: number;
  overhead: number;
}

/** Where the page ends: which of the first `limit + 1` rows it takes (`rn`, `total`: window columns). */
const taken = (q: PageQuery) => sql`(rn = 1 OR total <= ${q.maxBytes}) AND rn <= ${q.limit}`;
const windowed = (q: PageQuery, columns: RawBuilder<unknown>) => sql`SELECT sizes.*, row_number() OVER (ORDER BY version) AS rn,
    sum(size + ${q.overhead}) OVER (ORDER BY version ROWS UNBOUNDED PRECEDING) AS total
  FROM (SELECT ${columns}, ${q.size} AS size ${q.source} ORDER BY version LIMIT ${q.limit + 1}) sizes`;

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
 * PostgreSQL: one pass over the rows — sized, cut and written as they are read (reading a row's size reads its
 * heap tuple here, so a separate cut would read every row twice): a row per page row with its text, then, when
 * the page is cut before the rows run out, one more row without text. Aggregating the page into one value in
 * PostgreSQL (`string_agg`) is slower: one multi-megabyte value costs more to send and read than many rows.
 */
export async function cutPageOfRows(db: AnyDb, q: PageQuery): Promise<CutPage> {
  // `kept`: the taken rows and the first row after them (the row before it was taken, or it is the first).
  const { rows } = await sql<{ v: string | null; version: unknown }>`SELECT CASE WHEN ${taken(q)} THEN ${q.column} END AS v, version
    FROM (${windowed(q, q.columns)}) w
    WHERE rn = 1 OR ((rn = 2 OR total - size - ${q.overhead} <= ${q.maxBytes}) AND rn - 1 <= ${q.limit})
    ORDER BY version`.execute(db as Kysely<unknown>);
  const more = rows.length > 0 && rows[rows.length - 1]!.v === null;
  const page = more ? rows.slice(0, -1) : rows;
  const last = page[page.length - 1];
  return { fetched: rows.length, take: page.length, last: last ? Number(last.version) : null, parts: page.map((r) => r.v ?? '') };
}

/**
 * SQLite: one answer row — the cut, the number of page rows and their texts joined by commas by the store
 * (`group_concat`), read as one BLOB (the database's UTF-8 bytes: no JavaScript string and no object per row).
 * The rows are concatenated in the subquery's order: SQLite keeps a FROM subquery's ORDER BY under an aggregate
 * other than count/min/max, and never flattens an ordered subquery into an aggregate. `CAST(text AS BLOB)` gives
 * the database's text encoding, UTF-8 here (SQLite's default; the app never sets another).
 */
export async function cutPageSqlite(db: AnyDb, q: PageQuery): Promise<CutPage> {
  const result = await sql<{ f: unknown; l: unknown; n: unknown; p: Uint8Array | null }>`WITH cut AS (SELECT count(*) AS fetched,
      max(CASE WHEN ${taken(q)} THEN version END) AS last FROM (${windowed(q, sql`version`)}) w)
    SELECT (SELECT fetched FROM cut) AS f, (SELECT last FROM cut) AS l, count(*) AS n, CAST(group_concat(v, ',') AS BLOB) AS p
    FROM (SELECT ${q.column} AS v ${q.source} AND version <= (SELECT last FROM cut) ORDER BY version)`.execute(db as Kysely<unknown>);
  const row = result.rows[0];
  const take = num(row?.n) ?? 0;
  return { fetched: num(row?.f) ?? 0, take, last: num(row?.l), parts: take > 0 && row?.p ? [row.p] : [] };
}
