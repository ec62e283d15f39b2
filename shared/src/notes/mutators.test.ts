import { describe, expect, it } from 'vitest';
import { MutationError } from '../sync/mutator.js';
import { MemoryTx } from '../sync/memory-tx.js';
import { runMutation, type MutationArgs } from '../sync/registry.js';
import { conflictCopyId, contentHash } from './logic.js';
import type { NoteData } from './schema.js';

const setup = () => new MemoryTx(new Map(), '2025-03-01T10:00:00.000Z');
const create = (tx: MemoryTx, id: string, extra: Partial<MutationArgs<'note.create'>> = {}) =>
  runMutation(tx, 'note.create', { id, title: `Note ${id}`, content: 'Body', ...extra });
const data = async (tx: MemoryTx, id: string) => (await tx.get<NoteData>('note', id))?.data;

describe('note.create', () => {
  it('applies the spec defaults and removes empty and null tags', async () => {
    const tx = setup();
    await create(tx, 'n1', { tags: ['a', '', null, { _id: 'b' }] });
    expect(await data(tx, 'n1')).toEqual({
      title: 'Note n1',
      content: 'Body',
      isMarkdown: true,
      color: '#FFEB3B',
      pinned: false,
      folder: null,
      tags: ['a', 'b'],
    });
  });

  it('checks the title before the content and refuses blanks', async () => {
    const p = runMutation(setup(), 'note.create', { id: 'n', title: ' ', content: '  ' });
    await expect(p).rejects.toBeInstanceOf(MutationError);
    await p.catch((e: MutationError) =>
      expect(e.details?.map((d) => d.key)).toEqual(['validation.titleRequired', 'validation.contentRequired']),
    );
  });

  it('lands at the root level when the folder is missing', async () => {
    const tx = setup();
    expect(await create(tx, 'n', { folder: 'nowhere' })).toEqual({ reparented: true });
    expect((await data(tx, 'n'))?.folder).toBeNull();
  });

  it('refuses an id that exists', async () => {
    const tx = setup();
    await create(tx, 'n');
    await expect(create(tx, 'n')).rejects.toMatchObject({ code: 'EXISTS' });
  });
});

describe('note.update', () => {
  it('changes only the fields sent (the pin toggle sends pinned alone)', async () => {
    const tx = setup();
    await create(tx, 'n', { color: '#123456' });
    await runMutation(tx, 'note.update', { id: 'n', pinned: true });
    expect(await data(tx, 'n')).toMatchObject({ pinned: true, color: '#123456', content: 'Body', title: 'Note n' });
  });

  it('answers NOT_FOUND for an edit of a deleted note that holds no words (pin, colour, tags: delete wins)', async () => {
    const tx = setup();
    await create(tx, 'n');
    await runMutation(tx, 'note.delete', { id: 'n' });
    for (const edit of [{ pinned: true }, { color: '#000000' }, { tags: ['t'] }, { title: 'Note n', content: 'Body' }]) {
      await expect(runMutation(tx, 'note.update', { id: 'n', ...edit })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await tx.get('note', 'n'))?.deleted).toBe(true);
    await expect(runMutation(tx, 'note.update', { id: 'missing', content: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('restores a deleted note edited elsewhere: the new body survives, no copy of the deleted text', async () => {
    const tx = setup();
    await create(tx, 'n', { content: 'before', pinned: true });
    await runMutation(tx, 'note.delete', { id: 'n' });
    const result = await runMutation(tx, 'note.update', { id: 'n', content: 'written offline', baseHash: contentHash('older') });
    expect(result).toEqual({ reparented: false });
    const row = await tx.get<NoteData>('note', 'n');
    expect(row?.deleted).toBe(false);
    expect(row?.data).toMatchObject({ content: 'written offline', pinned: true, title: 'Note n' });
    expect(await tx.all('note')).toHaveLength(1);
  });

  it('restores a deleted note at the root when its folder is gone, on a title edit too', async () => {
    const tx = setup();
    await runMutation(tx, 'folder.create', { id: 'f', name: 'F' });
    await create(tx, 'n', { folder: 'f' });
    await runMutation(tx, 'note.delete', { id: 'n' });
    await runMutation(tx, 'folder.delete', { id: 'f' });
    expect(await runMutation(tx, 'note.update', { id: 'n', title: 'Renamed' })).toEqual({ reparented: true });
    expect(await data(tx, 'n')).toMatchObject({ title: 'Renamed', folder: null, content: 'Body' });
  });

  it('creates a conflicted copy through note.create with conflictOf', async () => {
    const tx = setup();
    await create(tx, 'c', { conflictOf: 'n' });
    expect(await data(tx, 'c')).toMatchObject({ conflictOf: 'n' });
    await create(tx, 'plain');
    expect(await data(tx, 'plain')).not.toHaveProperty('conflictOf');
  });

  it('keeps the overwritten body as a conflicted copy when the base differs from the stored body', async () => {
    const tx = setup();
    await create(tx, 'n', { content: 'original', tags: ['t'] });
    // Device A, offline from "original", arrives first.
    await runMutation(tx, 'note.update', { id: 'n', content: 'text from A', baseHash: contentHash('original') });
    // Device B, also offline from "original", arrives second.
    await runMutation(tx, 'note.update', { id: 'n', content: 'text from B', baseHash: contentHash('original') });
    expect((await data(tx, 'n'))?.content).toBe('text from B');
    const copyId = conflictCopyId('n', 'text from A', 'text from B');
    expect(await data(tx, copyId)).toMatchObject({ content: 'text from A', conflictOf: 'n', tags: ['t'], pinned: false });
    expect(tx.live('note')).toHaveLength(2);
  });

  it('makes no copy for successive edits from one device or for an identical text', async () => {
    const tx = setup();
    await create(tx, 'n', { content: 'v0' });
    await runMutation(tx, 'note.update', { id: 'n', content: 'v1', baseHash: contentHash('v0') });
    await runMutation(tx, 'note.update', { id: 'n', content: 'v2', baseHash: contentHash('v1') });
    await runMutation(tx, 'note.update', { id: 'n', content: 'v2', baseHash: contentHash('old') });
    expect(tx.live('note')).toHaveLength(1);
  });

  it('creates the copy once when the same mutation is replayed (rebase)', async () => {
    const tx = setup();
    await create(tx, 'n', { content: 'A' });
    const args = { id: 'n', content: 'B', baseHash: contentHash('base') };
    await runMutation(tx, 'note.update', args);
    await runMutation(tx, 'note.update', { id: 'n', content: 'A' });
    await runMutation(tx, 'note.update', args);
    expect(tx.live('note')).toHaveLength(2);
  });
});

describe('note.delete', () => {
  it('tombstones the note', async () => {
    const tx = setup();
    await create(tx, 'n');
    await runMutation(tx, 'note.delete', { id: 'n' });
    expect((await tx.get('note', 'n'))?.deleted).toBe(true);
    await expect(runMutation(tx, 'note.delete', { id: 'n' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
