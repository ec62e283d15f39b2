/**
 * A map that keeps at most `capacity` entries, dropping the least recently used one first. Every cache whose
 * keys come from request input must be one of these (or keyed by a canonical value from a small fixed set),
 * so no stream of distinct requests can grow the process (issue 12, point 2).
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('BoundedCache needs a capacity of at least 1');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value for `key`, which then counts as the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Map iterates in insertion order: re-inserting moves the key to the young end.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }
}
