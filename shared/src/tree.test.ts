import { describe, expect, it } from 'vitest';
import { buildTree, flattenTree } from './tree.js';

interface Folder {
  _id: string;
  name: string;
  parentFolder: string | null;
}
const LINKS = { id: (f: Folder) => f._id, parent: (f: Folder) => f.parentFolder };
const f = (_id: string, name: string, parentFolder: string | null = null): Folder => ({ _id, name, parentFolder });
const byName = (a: Folder, b: Folder) => a.name.localeCompare(b.name);
const rows = (folders: Folder[], options = {}) => flattenTree(buildTree(folders, LINKS, byName), LINKS, options).map((n) => `${n.item._id}${n.depth}`);

describe('the tree helper (tasks and folders)', () => {
  it('nests under parents, sorts siblings when asked, and puts a child of a missing parent at the root', () => {
    const folders = [f('w', 'Work'), f('z', 'Zeta', 'w'), f('p', 'Projects', 'w'), f('d', 'Deep', 'p'), f('h', 'Home'), f('o', 'Orphan', 'gone')];
    expect(rows(folders)).toEqual(['h0', 'o0', 'w0', 'p1', 'd2', 'z1']);
    // Without a compare, siblings keep the order given.
    expect(flattenTree(buildTree(folders, LINKS), LINKS).map((n) => n.item._id)).toEqual(['w', 'z', 'p', 'd', 'h', 'o']);
  });

  it('leaves out an excluded node with its subtree, and the children of collapsed nodes', () => {
    const folders = [f('w', 'Work'), f('p', 'Projects', 'w'), f('d', 'Deep', 'p'), f('h', 'Home')];
    expect(rows(folders, { exclude: 'p' })).toEqual(['h0', 'w0']);
    expect(rows(folders, { collapsed: new Set(['w']) })).toEqual(['h0', 'w0']);
  });

  it('never loses nodes caught in a stored cycle', () => {
    const folders = [f('x', 'X', 'y'), f('y', 'Y', 'x'), f('s', 'Self', 's')];
    expect(rows(folders).map((r) => r[0]).sort()).toEqual(['s', 'x', 'y']);
  });
});
