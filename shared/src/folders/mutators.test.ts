import { describe, expect, it } from 'vitest';
import { MemoryTx } from '../sync/memory-tx.js';
import { runMutation } from '../sync/registry.js';
import type { NoteData } from '../notes/schema.js';
import type { FolderData } from './schema.js';

const setup = () => new MemoryTx(new Map(), '2025-03-01T10:00:00.000Z');
const folder = (tx: MemoryTx, id: string, parentFolder: string | null = null) =>
  runMutation(tx, 'folder.create', { id, name: `Folder ${id}`, parentFolder });
const parentOf = async (tx: MemoryTx, id: string) => (await tx.get<FolderData>('folder', id))?.data.parentFolder;

describe('folder.create', () => {
  it('applies defaults and nests to any depth', async () => {
    const tx = setup();
    await folder(tx, 'a');
    await folder(tx, 'b', 'a');
    await folder(tx, 'c', 'b');
    await folder(tx, 'd', 'c');
    expect((await tx.get<FolderData>('folder', 'a'))?.data).toEqual({ name: 'Folder a', icon: null, color: null, parentFolder: null, tags: [] });
    expect(await parentOf(tx, 'd')).toBe('c');
  });

  it('puts a folder whose parent is missing at the root', async () => {
    const tx = setup();
    expect(await folder(tx, 'x', 'ghost')).toEqual({ reparented: true });
    expect(await parentOf(tx, 'x')).toBeNull();
  });

  it('refuses a blank name with the folder key', async () => {
    await expect(runMutation(setup(), 'folder.create', { id: 'f', name: '  ' })).rejects.toMatchObject({
      code: 'VALIDATION',
      details: [expect.objectContaining({ field: 'name', key: 'validation.folderNameRequired' })],
    });
  });
});

describe('folder.move', () => {
  it('refuses a move into itself or a descendant with CYCLE', async () => {
    const tx = setup();
    await folder(tx, 'a');
    await folder(tx, 'b', 'a');
    await folder(tx, 'c', 'b');
    await expect(runMutation(tx, 'folder.move', { id: 'a', parentFolder: 'c' })).rejects.toMatchObject({ code: 'CYCLE' });
    await expect(runMutation(tx, 'folder.move', { id: 'a', parentFolder: 'a' })).rejects.toMatchObject({ code: 'CYCLE' });
    // The REST 400 names the bad field with a message, like every validation answer (CONTRACT.md).
    await expect(runMutation(tx, 'folder.move', { id: 'a', parentFolder: 'c' })).rejects.toMatchObject({
      details: [{ field: 'parentFolder', key: 'validation.invalid', message: 'A folder cannot be moved into itself or one of its subfolders' }],
    });
    await runMutation(tx, 'folder.move', { id: 'c', parentFolder: null });
    expect(await parentOf(tx, 'c')).toBeNull();
  });
});

describe('folder.delete', () => {
  it('moves its notes and subfolders to its parent and deletes no note', async () => {
    const tx = setup();
    await folder(tx, 'top');
    await folder(tx, 'mid', 'top');
    await folder(tx, 'leaf', 'mid');
    await runMutation(tx, 'note.create', { id: 'n1', title: 'N', content: 'C', folder: 'mid' });
    await runMutation(tx, 'folder.delete', { id: 'mid' });
    expect((await tx.get('folder', 'mid'))?.deleted).toBe(true);
    expect(await parentOf(tx, 'leaf')).toBe('top');
    const note = await tx.get<NoteData>('note', 'n1');
    expect(note?.deleted).toBe(false);
    expect(note?.data.folder).toBe('top');
  });

  it('moves them to the root level when the folder had no parent', async () => {
    const tx = setup();
    await folder(tx, 'top');
    await folder(tx, 'sub', 'top');
    await runMutation(tx, 'note.create', { id: 'n1', title: 'N', content: 'C', folder: 'top' });
    await runMutation(tx, 'folder.delete', { id: 'top' });
    expect(await parentOf(tx, 'sub')).toBeNull();
    expect((await tx.get<NoteData>('note', 'n1'))?.data.folder).toBeNull();
  });
});
