import { cmp, type DBCoreKeyRange } from 'dexie';

/** IndexedDB's key semantics, for the bucket middleware's in-memory index walks (buckets.ts). */

/** The range that holds every key. */
export const ANY: DBCoreKeyRange = { type: 3 as DBCoreKeyRange['type'], lower: undefined, upper: undefined };

/** IndexedDB's key order: strings by UTF-16 code units (JS comparison), anything else through Dexie's `cmp`. */
export function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return cmp(a, b);
}

/** Whether IndexedDB takes `key` as a key. */
export function isValidKey(key: unknown): boolean {
  switch (typeof key) {
    case 'string':
      return true;
    case 'number':
      return !Number.isNaN(key);
    case 'object':
      if (key instanceof Date) return !Number.isNaN(key.getTime());
      if (Array.isArray(key)) return key.every(isValidKey);
      return key instanceof ArrayBuffer || ArrayBuffer.isView(key);
    default:
      return false;
  }
}

/** Whether `key` lies in `range`. */
export function inRange(key: unknown, range: DBCoreKeyRange): boolean {
  switch (range.type as number) {
    case 3:
      return true;
    case 4:
      return false;
    case 1:
      return compareKeys(key, range.lower) === 0;
    default: {
      if (range.lower !== undefined) {
        const c = compareKeys(key, range.lower);
        if (c < 0 || (c === 0 && range.lowerOpen)) return false;
      }
      if (range.upper !== undefined) {
        const c = compareKeys(key, range.upper);
        if (c > 0 || (c === 0 && range.upperOpen)) return false;
      }
      return true;
    }
  }
}
