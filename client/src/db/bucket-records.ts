/** The bucket records' format (docs/sync.md, "Buckets"): which record holds a row, and rows ↔ records. */

/** Records per bucketed table: 10k tasks are ~156 rows a record (~70 KB), read back in one `getAll()` of 25–50 ms; 256 smaller records read 2–3× slower. */
export const BUCKETS = 64;

export type Row = Record<string, unknown>;

export interface Bucket {
  id: string;
  bucket: 1;
  /** Row id → the row as JSON text: a string costs a copy to store and to load, where an object costs a walk. */
  rows: Map<string, string>;
}

/** The bucket record key of row `id` (FNV-1a of its UTF-16 code units). */
export function bucketOf(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return bucketKey((h >>> 0) % BUCKETS);
}

const bucketKey = (n: number) => `b${String(n).padStart(3, '0')}`;

export const isBucket = (value: unknown): value is Bucket =>
  typeof value === 'object' && value !== null && (value as Partial<Bucket>).bucket === 1 && (value as Partial<Bucket>).rows instanceof Map;

/** Rows grouped into bucket records (for a migration or a test that writes raw records). */
export function toBuckets(rows: Row[]): Bucket[] {
  const buckets = new Map<string, Bucket>();
  for (const row of rows) {
    const id = String(row.id);
    const k = bucketOf(id);
    let b = buckets.get(k);
    if (!b) buckets.set(k, (b = { id: k, bucket: 1, rows: new Map() }));
    b.rows.set(id, JSON.stringify(row));
  }
  return [...buckets.values()];
}

/** The rows of raw bucket records (as read without Dexie, e.g. by public/early.js), in no particular order. */
export function rowsOfBuckets<T = Row>(records: unknown[]): T[] {
  const rows: T[] = [];
  for (const r of records) if (isBucket(r)) for (const json of r.rows.values()) rows.push(JSON.parse(json) as T);
  return rows;
}

/** The rows of raw bucket records as their stored JSON texts, not parsed (what public/early.js hands over). */
export function textsOfBuckets(records: unknown[]): string[] {
  const texts: string[] = [];
  for (const r of records) if (isBucket(r)) for (const json of r.rows.values()) texts.push(json);
  return texts;
}
