import { yieldToMain } from '../lib/idle';
import type { LocalRow } from './database';

/**
 * A first read decodes its rows in slices of about this long, yielding to the browser between them: 10k tasks
 * take 50–150 ms, one long task that would hold the first paints and input (Lighthouse's total blocking time
 * counts each task's time over 50 ms, on a CPU 4× slower).
 */
export const SLICE_MS = 8;

/**
 * The live rows of `rows` (stored rows, or their stored JSON texts as public/early.js hands them over) decoded
 * by `decode`, by id, leaving out tombstones and rows `decode` refuses (a live table's first read and its full re-reads); in slices
 * of SLICE_MS with a yield to the browser (`yieldToMain`) between them.
 */
export async function decodeInSlices<T>(rows: readonly (LocalRow | string)[], decode: (row: LocalRow) => T | null, sliceMs = SLICE_MS): Promise<Map<string, T>> {
  const out = new Map<string, T>();
  let sliceStart = performance.now();
  for (let i = 0; i < rows.length; i++) {
    const stored = rows[i]!;
    const r = typeof stored === 'string' ? (JSON.parse(stored) as LocalRow) : stored;
    if (r.deleted === 0) {
      const item = decode(r);
      if (item !== null) out.set(r.id, item);
    }
    if ((i & 63) === 63 && performance.now() - sliceStart >= sliceMs) {
      await yieldToMain();
      sliceStart = performance.now();
    }
  }
  return out;
}
