import { describe, expect, it } from 'vitest';
import { LayeredMap } from './layered-map';

describe('LayeredMap', () => {
  const base = new Map([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);

  it('reads like a copy of the base with the entries set, in Map order', () => {
    const m = LayeredMap.with(base, [
      ['b', 20],
      ['d', 4],
    ]);
    const copy = new Map(base).set('b', 20).set('d', 4);
    expect([...m]).toEqual([...copy]);
    expect([...m.keys()]).toEqual([...copy.keys()]);
    expect([...m.values()]).toEqual([...copy.values()]);
    expect(m.size).toBe(4);
    expect(m.get('b')).toBe(20);
    expect(m.get('d')).toBe(4);
    expect(m.get('x')).toBeUndefined();
    expect(m.has('a') && m.has('d') && !m.has('x')).toBe(true);
    const seen: [string, number][] = [];
    m.forEach((v, k) => seen.push([k, v]));
    expect(seen).toEqual([...copy]);
  });

  it('leaves the base and earlier layers unchanged', () => {
    const one = LayeredMap.with(base, [['d', 4]]);
    const two = LayeredMap.with(one, [
      ['d', 40],
      ['e', 5],
      ['a', 10],
    ]);
    expect([...base]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect([...one]).toEqual([...base, ['d', 4]]);
    expect([...two]).toEqual([
      ['a', 10],
      ['b', 2],
      ['c', 3],
      ['d', 40],
      ['e', 5],
    ]);
    expect(two.size).toBe(5);
  });

  it('becomes one plain Map when the layer grows past its bound', () => {
    let m: ReadonlyMap<string, number> = base;
    for (let i = 0; i < 3; i++) m = LayeredMap.with(m, [[`n${i}`, i]], 3);
    expect(m).toBeInstanceOf(LayeredMap);
    m = LayeredMap.with(m, [['n3', 3]], 3);
    expect(m).toBeInstanceOf(Map);
    expect(m.size).toBe(7);
    expect([...m.keys()]).toEqual(['a', 'b', 'c', 'n0', 'n1', 'n2', 'n3']);
  });
});
