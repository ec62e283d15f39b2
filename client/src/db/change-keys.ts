import type { IntervalTree, IntervalTreeNode } from 'dexie';

/**
 * The keys of one table's part of a Dexie change event (`storagemutated`), or null when it holds a range rather
 * than single keys (a bulk write of 50 rows or more, a table clear, a delete by range): then the whole table
 * is read again. Works on a RangeSet and on its plain copy from another tab.
 */
export function keysOf(changed: IntervalTree): string[] | null {
  const keys: string[] = [];
  const stack: (IntervalTree | null | undefined)[] = [changed];
  while (stack.length > 0) {
    const node = stack.pop() as Partial<IntervalTreeNode> | null | undefined;
    if (!node || !('from' in node)) continue;
    if (typeof node.from !== 'string' || node.from !== node.to) return null;
    keys.push(node.from);
    stack.push(node.l, node.r);
  }
  return keys;
}

/** Same JSON value: decoded rows are JSON data (strings, numbers, booleans, null, arrays, plain objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}
