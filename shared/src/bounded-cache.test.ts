import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';
import { canonicalTimeZone, isValidTimeZone, resolveTimeZone, todayInZone, zoneCacheSizes } from './time.js';

describe('BoundedCache', () => {
  it('keeps at most its capacity, dropping the least recently used entry', () => {
    const cache = new BoundedCache<string, number>(3);
    for (const [k, v] of [['a', 1], ['b', 2], ['c', 3]] as const) cache.set(k, v);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('d', 4);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([1, undefined, 3, 4]);
    cache.set('c', 30);
    expect(cache.size).toBe(3);
    expect(cache.get('c')).toBe(30);
    for (let i = 0; i < 10_000; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
  });

  it('refuses a capacity below one', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
  });
});

/** The n-th ASCII-case spelling of `zone`: letter i is upper case when bit i of n is set. */
function spelling(zone: string, n: number): string {
  let i = 0;
  return [...zone].map((ch) => (/[a-z]/i.test(ch) ? ((n >> i++ % 30) & 1 ? ch.toUpperCase() : ch.toLowerCase()) : ch)).join('');
}

describe('time zones (issue 12, point 2)', () => {
  it('any spelling of a zone resolves to its canonical name', () => {
    expect(canonicalTimeZone('eUrOpE/bErLiN')).toBe('Europe/Berlin');
    expect(resolveTimeZone('AMERICA/NEW_YORK')).toBe('America/New_York');
    expect(resolveTimeZone('us/eastern')).toBe('America/New_York');
    expect(resolveTimeZone('etc/utc')).toBe('UTC');
    expect(isValidTimeZone('asia/tokyo')).toBe(true);
    expect(todayInZone(new Date('2025-03-05T23:30:00Z'), 'asia/TOKYO')).toBe('2025-03-06');
  });

  it('anything else is UTC, and garbage never reaches the runtime when over-long', () => {
    for (const bad of ['Mars/Base', '', 'x'.repeat(65), 'Europe/Berlin\u0000', 'Europe/\u212Aiev', 42, null, ['UTC']]) {
      expect(resolveTimeZone(bad)).toBe('UTC');
    }
  });

  it('the caches stay bounded whatever requests name', () => {
    for (let n = 0; n < 20_000; n++) {
      resolveTimeZone(spelling('America/Argentina/ComodRivadavia', n));
      resolveTimeZone(`Garbage/${n}`);
      resolveTimeZone(`\u00e9${n}`);
    }
    const sizes = zoneCacheSizes();
    expect(sizes.formatters).toBeLessThanOrEqual(500);
    expect(sizes.spellings).toBeLessThanOrEqual(1_000);
    // Spellings of one zone share one entry; invalid names are not cached at all.
    expect(sizes.spellings).toBeLessThan(50);
  });
});
