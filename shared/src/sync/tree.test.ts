import { describe, expect, it } from 'vitest';
import { buildTree, childrenIndex, flattenTree, subtreeIds } from '../tree.js';
import { MemoryTx } from './memory-tx.js';
import { treeRules } from './tree.js';

const messages = { noun: 'row', cycle: 'Loop' };

/** The same rules for both trees: only the type and the parent field differ. */
describe.each([
  ['task', 'parent'],
  ['folder', 'parentFolder'],
] as const)('treeRules(%s, %s)', (type, field) => {
  const tree = treeRules<Record<typeof field, string | null>, typeof field>(type, field, messages);
  type Data = Record<typeof field, string | null>;
  const under = (parent: string | null) => ({ [field]: parent }) as Data;
  const setup = async () => {
    const tx = new MemoryTx();
    await tree.create(tx, { id: 'a', ...under(null) });
    await tree.create(tx, { id: 'b', ...under('a') });
    await tree.create(tx, { id: 'c', ...under('b') });
    return tx;
  };
  const parentOf = async (tx: MemoryTx, id: string) => (await tx.get(type, id))?.data[field];

  it('creates under a live parent, at the root under a missing or own id, and refuses a taken id', async () => {
    const tx = await setup();
    expect(await parentOf(tx, 'c')).toBe('b');
    expect(await tree.create(tx, { id: 'd', ...under('missing') })).toEqual({ reparented: true });
    expect(await tree.create(tx, { id: 'e', ...under('e') })).toEqual({ reparented: false });
    expect(await parentOf(tx, 'e')).toBeNull();
    await expect(tree.create(tx, { id: 'a', ...under(null) })).rejects.toMatchObject({ code: 'EXISTS', message: 'A row with this id already exists' });
  });

  it('refuses a move under itself or a descendant, naming the parent field', async () => {
    const tx = await setup();
    for (const target of ['a', 'c']) {
      await expect(tree.move(tx, { id: 'a', ...under(target) })).rejects.toMatchObject({
        code: 'CYCLE',
        message: 'Loop',
        details: [{ field, key: 'validation.invalid', message: 'Loop' }],
      });
    }
    expect(await tree.move(tx, { id: 'c', ...under('a') })).toEqual({ reparented: false });
    await tx.remove(type, 'b');
    expect(await tree.move(tx, { id: 'c', ...under('b') })).toEqual({ reparented: true });
    await expect(tree.move(tx, { id: 'b', ...under(null) })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Row not found' });
  });

  it('deletes a subtree and restores a row at the root when its parent is gone', async () => {
    const tx = await setup();
    await tree.removeSubtree(tx, 'a');
    expect(tx.live(type)).toEqual([]);
    expect(await tree.restore(tx, 'c')).toEqual({ reparented: true });
    expect(await parentOf(tx, 'c')).toBeNull();
    expect(await tree.restore(tx, 'c')).toEqual({});
    await expect(tree.restore(tx, 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

it('treeRules refuses a parent field that is not the type’s PARENT_FIELD', () => {
  expect(() => treeRules('task', 'parentFolder', messages)).toThrow(/parent/);
});

describe('pure tree helpers', () => {
  type Row = { key: string; up: string | null; name: string };
  const links = { id: (r: Row) => r.key, parent: (r: Row) => r.up };
  const rows: Row[] = [
    { key: 'r', up: null, name: 'Root' },
    { key: 'x', up: 'r', name: 'B' },
    { key: 'y', up: 'r', name: 'A' },
    { key: 'z', up: 'y', name: 'Z' },
    { key: 'p', up: 'q', name: 'P' },
    { key: 'q', up: 'p', name: 'Q' },
  ];

  it('index children, nest, flatten and collect subtrees for any id and parent accessors', () => {
    expect(childrenIndex(rows, links)).toEqual(new Map([['r', ['x', 'y']], ['y', ['z']], ['q', ['p']], ['p', ['q']]]));
    const tree = buildTree(rows, links, (a, b) => a.name.localeCompare(b.name));
    // The stored cycle p <-> q is broken at its first row, which goes to the root: both rows stay.
    expect(flattenTree(tree, links).map(({ item, depth }) => `${depth}${item.key}`)).toEqual(['0p', '1q', '0r', '1y', '2z', '1x']);
    expect(flattenTree(tree, links, { exclude: 'y' }).map(({ item }) => item.key)).toEqual(['p', 'q', 'r', 'x']);
    expect([...subtreeIds(rows, links, 'r')].sort()).toEqual(['r', 'x', 'y', 'z']);
    expect([...subtreeIds(rows, links, 'p')].sort()).toEqual(['p', 'q']);
  });
});
