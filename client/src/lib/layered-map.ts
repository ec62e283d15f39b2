/**
 * A read-only map made of a base map and a small layer of entries set on top of it (replaced values, and new keys
 * after the base's, in the order they were first set), without copying the base: copying a Map of 10k entries
 * costs ~4 ms, most of a frame. `with` answers a new map with more entries set and leaves this one as it was;
 * once the layer grows past `maxLayer` entries the answer is one plain Map again (the copy, once per that many
 * changes). Deleting is not offered (callers rebuild for that).
 */
export class LayeredMap<K, V> implements ReadonlyMap<K, V> {
  private constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly layer: ReadonlyMap<K, V>,
    /** Keys of the layer that the base does not have, in the order they were set. */
    private readonly added: readonly K[],
  ) {}

  /** `base` with `entries` set on top (a later entry for the same key wins). */
  static with<K, V>(base: ReadonlyMap<K, V>, entries: Iterable<readonly [K, V]>, maxLayer = 256): ReadonlyMap<K, V> {
    const root = base instanceof LayeredMap ? (base as LayeredMap<K, V>).base : base;
    const layer = new Map(base instanceof LayeredMap ? (base as LayeredMap<K, V>).layer : undefined);
    const added = base instanceof LayeredMap ? [...(base as LayeredMap<K, V>).added] : [];
    for (const [k, v] of entries) {
      if (!root.has(k) && !layer.has(k)) added.push(k);
      layer.set(k, v);
    }
    const out = new LayeredMap(root, layer, added);
    return layer.size > maxLayer ? new Map(out) : out;
  }

  get size(): number {
    return this.base.size + this.added.length;
  }

  get(key: K): V | undefined {
    return this.layer.has(key) ? this.layer.get(key) : this.base.get(key);
  }

  has(key: K): boolean {
    return this.layer.has(key) || this.base.has(key);
  }

  *entries(): MapIterator<[K, V]> {
    for (const [k, v] of this.base) yield [k, this.layer.has(k) ? (this.layer.get(k) as V) : v];
    for (const k of this.added) yield [k, this.layer.get(k) as V];
  }

  *keys(): MapIterator<K> {
    for (const [k] of this.entries()) yield k;
  }

  *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.entries()) fn.call(thisArg, v, k, this);
  }
}
