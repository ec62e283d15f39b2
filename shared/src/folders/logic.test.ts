import { describe, expect, it } from 'vitest';
import { buildFolderTree, flattenFolderTree, folderSubtreeIds } from './logic.js';

const f = (_id: string, name: string, parentFolder: string | null = null) => ({ _id, name, parentFolder });

describe('buildFolderTree', () => {
  it('nests by parent and sorts by name at every level', () => {
    const tree = buildFolderTree([f('b', 'Work'), f('a', 'Home'), f('c', 'Zed', 'a'), f('d', 'Alpha', 'a'), f('e', 'Deep', 'd')]);
    expect(tree.map((n) => n.name)).toEqual(['Home', 'Work']);
    expect(tree[0]!.children.map((n) => n.name)).toEqual(['Alpha', 'Zed']);
    expect(tree[0]!.children[0]!.children[0]!._id).toBe('e');
  });

  it('puts orphans and stored cycles at the root', () => {
    const tree = buildFolderTree([f('x', 'X', 'missing'), f('p', 'P', 'q'), f('q', 'Q', 'p')]);
    const ids = flattenFolderTree(tree).map((r) => r.folder._id).sort();
    expect(ids).toEqual(['p', 'q', 'x']);
  });
});

describe('flattenFolderTree', () => {
  it('indents by depth and leaves out an excluded folder with its subtree', () => {
    const tree = buildFolderTree([f('a', 'A'), f('b', 'B', 'a'), f('c', 'C', 'b'), f('d', 'D')]);
    expect(flattenFolderTree(tree).map((r) => `${r.depth}${r.folder._id}`)).toEqual(['0a', '1b', '2c', '0d']);
    expect(flattenFolderTree(tree, 'b').map((r) => r.folder._id)).toEqual(['a', 'd']);
  });
});

describe('folderSubtreeIds', () => {
  it('collects a folder and all its descendants', () => {
    expect([...folderSubtreeIds([f('a', 'A'), f('b', 'B', 'a'), f('c', 'C', 'b'), f('d', 'D')], 'a')].sort()).toEqual(['a', 'b', 'c']);
  });
});
