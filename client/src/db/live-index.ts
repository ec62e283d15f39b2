/**
 * A derived index of a live table (live-table.ts): its rows grouped by a key taken from each row (a habit's
 * days by habit, the items holding each tag…). Kept up to date with the table, change by change: a group that
 * a change touches is copied before it changes, so a group handed out earlier never changes under its
 * holder, and an unchanged group keeps its object (a screen can compare groups by identity).
 */
export type IndexKeys<T> = (item: T) => string | readonly string[] | null | undefined;

const EMPTY: ReadonlyMap<string, never> = new Map<string, never>();

export class LiveIndex<T> {
  private groups = new Map<string, Map<string, T>>();
  /** Groups copied in the change being applied (each is copied once per change). */
  private copied = new Set<string>();

  constructor(private readonly keysOf: IndexKeys<T>) {}

  /** The rows of `key` by row id (an empty map when none). */
  group(key: string): ReadonlyMap<string, T> {
    return this.groups.get(key) ?? EMPTY;
  }

  /** Every key with at least one row, and its rows. */
  entries(): IterableIterator<[string, ReadonlyMap<string, T>]> {
    return this.groups.entries();
  }

  /** Rebuilds the index from every row (the table's first load). */
  reset(rows: Iterable<[string, T]>): void {
    this.groups = new Map();
    for (const [id, item] of rows) for (const key of this.keys(item)) this.mutable(key).set(id, item);
    this.copied.clear();
  }

  /** Moves row `id` from the groups of `before` to the groups of `after` (either absent: added or removed). */
  update(id: string, before: T | undefined, after: T | undefined): void {
    if (before !== undefined) for (const key of this.keys(before)) this.writable(key).delete(id);
    if (after !== undefined) for (const key of this.keys(after)) this.writable(key).set(id, after);
  }

  /** Ends a change: the next change copies the groups it touches again; empty groups go. */
  commit(): void {
    for (const key of this.copied) if (this.groups.get(key)?.size === 0) this.groups.delete(key);
    this.copied.clear();
  }

  private keys(item: T): readonly string[] {
    const k = this.keysOf(item);
    return k === null || k === undefined ? [] : typeof k === 'string' ? [k] : [...new Set(k)];
  }

  private mutable(key: string): Map<string, T> {
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new Map()));
    return group;
  }

  private writable(key: string): Map<string, T> {
    if (this.copied.has(key)) return this.mutable(key);
    this.copied.add(key);
    const group = new Map(this.groups.get(key) ?? []);
    this.groups.set(key, group);
    return group;
  }
}
