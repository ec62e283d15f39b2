import { describe, expect, it } from 'vitest';
import { ancestorIds, buildForest, childChoices, descendantIds, flattenForest, indexTasks, parentChoices } from './tree';

/**
 *   a            f        (g's parent "gone" is missing)
 *   ├─ b              g
 *   │  └─ c
 *   │     └─ d
 *   └─ e
 */
const tasks = [
  { id: 'a', parent: null },
  { id: 'b', parent: 'a' },
  { id: 'c', parent: 'b' },
  { id: 'd', parent: 'c' },
  { id: 'e', parent: 'a' },
  { id: 'f', parent: null },
  { id: 'g', parent: 'gone' },
];
const index = indexTasks(tasks);
const ids = (list: { id: string }[]) => list.map((t) => t.id).sort();

describe('parent choices exclude the task itself and its descendants', () => {
  it.each([
    ['a', ['f', 'g']],
    ['b', ['a', 'e', 'f', 'g']],
    ['d', ['a', 'b', 'c', 'e', 'f', 'g']],
    ['g', ['a', 'b', 'c', 'd', 'e', 'f']],
  ])('for %s', (id, expected) => {
    expect(ids(parentChoices(index, id))).toEqual(expected);
  });

  it('offers every task while creating', () => {
    expect(ids(parentChoices(index, null))).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('also excludes children staged in the form and their descendants', () => {
    expect(ids(parentChoices(index, 'f', ['b']))).toEqual(['a', 'e', 'g']);
  });
});

describe('child choices exclude the task itself, its existing children and its ancestors', () => {
  it.each([
    ['a', ['c', 'd', 'f', 'g']], // not a, nor its children b and e; grandchildren may move up
    ['c', ['e', 'f', 'g']], // not c, its child d, nor its ancestors b and a
    ['f', ['a', 'b', 'c', 'd', 'e', 'g']],
    ['g', ['a', 'b', 'c', 'd', 'e', 'f']], // its missing parent is no ancestor
  ])('for %s', (id, expected) => {
    expect(ids(childChoices(index, id))).toEqual(expected);
  });

  it('follows the parent chosen in the form and the children it lists', () => {
    expect(ids(childChoices(index, 'f', { parent: 'c' }))).toEqual(['d', 'e', 'g']);
    expect(ids(childChoices(index, 'f', { currentChildren: ['g'] }))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('ancestors and descendants', () => {
  it('walks both ways and survives a stored cycle', () => {
    expect(ancestorIds(index, 'd')).toEqual(['c', 'b', 'a']);
    expect([...descendantIds(index, 'a')].sort()).toEqual(['b', 'c', 'd', 'e']);
    const cyclic = indexTasks([
      { id: 'x', parent: 'y' },
      { id: 'y', parent: 'x' },
    ]);
    expect(ancestorIds(cyclic, 'x')).toEqual(['y']);
    expect([...descendantIds(cyclic, 'x')]).toEqual(['y']);
  });
});

describe('buildForest', () => {
  it('nests children and puts a child with a missing parent at the root', () => {
    const roots = buildForest(tasks);
    expect(roots.map((r) => r.item.id)).toEqual(['a', 'f', 'g']);
    const rows = flattenForest(roots, new Set());
    expect(rows.map((r) => `${r.item.id}${r.depth}`)).toEqual(['a0', 'b1', 'c2', 'd3', 'e1', 'f0', 'g0']);
  });

  it('hides the children of collapsed tasks', () => {
    const rows = flattenForest(buildForest(tasks), new Set(['b']));
    expect(rows.map((r) => r.item.id)).toEqual(['a', 'b', 'e', 'f', 'g']);
  });

  it('never loses tasks caught in a stored cycle', () => {
    const rows = flattenForest(
      buildForest([
        { id: 'x', parent: 'y' },
        { id: 'y', parent: 'x' },
        { id: 'z', parent: 'z' },
      ]),
      new Set(),
    );
    expect(rows.map((r) => r.item.id).sort()).toEqual(['x', 'y', 'z']);
  });
});
