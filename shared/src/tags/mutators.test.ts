import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MutationError } from '../sync/mutator.js';
import { MemoryTx } from '../sync/memory-tx.js';
import { runMutation, runWireMutation, type MutationArgs } from '../sync/registry.js';
import { uuidV5 } from '../sync/uuid-v5.js';
import { TAG_ID_NAMESPACE, tagIdFor } from './ids.js';
import type { TagData } from './mutators.js';

const setup = () => new MemoryTx(new Map(), '2025-03-01T10:00:00.000Z');
const createTag = (tx: MemoryTx, id: string, name: string, extra: Partial<MutationArgs<'tag.create'>> = {}) =>
  runMutation(tx, 'tag.create', { id, name, ...extra });
const createTask = (tx: MemoryTx, id: string, tags: string[] = []) => runMutation(tx, 'task.create', { id, title: id, tags });
const tagsOfTask = async (tx: MemoryTx, id: string) => (await tx.get<{ tags: string[] }>('task', id))?.data.tags;
const ref = (tagId: string, itemId: string, itemType: MutationArgs<'tagRef.add'>['itemType'] = 'task') => ({ tagId, itemId, itemType });

async function rejects(p: Promise<unknown>, code: string) {
  await expect(p).rejects.toBeInstanceOf(MutationError);
  await expect(p).rejects.toMatchObject({ code });
}

describe('tag.create', () => {
  it('stores the name trimmed, with the default colour and an empty description', async () => {
    const tx = setup();
    await createTag(tx, 'g1', '  Work  ');
    const row = await tx.get<TagData>('tag', 'g1');
    expect(row?.data).toEqual({ name: 'Work', color: '#FFD6E7', description: '' });
    expect(row?.createdAt).toBe('2025-03-01T10:00:00.000Z');
  });

  it('refuses an existing id, tombstones included', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    await rejects(createTag(tx, 'g1', 'Other'), 'EXISTS');
    await runMutation(tx, 'tag.delete', { id: 'g1' });
    await rejects(createTag(tx, 'g1', 'Other'), 'EXISTS');
  });

  it('refuses a second live tag with the same name, ignoring case and spaces', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    const p = createTag(tx, 'g2', ' WORK ');
    await rejects(p, 'EXISTS');
    await p.catch((e: MutationError) => expect(e.message).toBe('Tag already exists'));
    expect(tx.live('tag').map((t) => t.id)).toEqual(['g1']);
  });

  it('allows the name of a deleted tag again under a new id', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    await runMutation(tx, 'tag.delete', { id: 'g1' });
    await createTag(tx, 'g2', 'work');
    expect(tx.live('tag').map((t) => t.id)).toEqual(['g2']);
  });

  it('validates name, colour and description', async () => {
    const tx = setup();
    const p = createTag(tx, 'g1', '   ', { color: 'red', description: 'x'.repeat(1001) });
    await rejects(p, 'VALIDATION');
    await p.catch((e: MutationError) =>
      expect(e.details?.map((d) => [d.field, d.key])).toEqual([
        ['name', 'tags.nameRequired'],
        ['color', 'validation.hexColor'],
        ['description', 'validation.maxLength'],
      ]),
    );
    expect(tx.live('tag')).toEqual([]);
  });
});

describe('tag.update', () => {
  it('changes only the given fields', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work', { color: '#123456', description: 'job' });
    tx.now = '2025-03-02T00:00:00.000Z';
    await runMutation(tx, 'tag.update', { id: 'g1', name: 'Job' });
    const row = await tx.get<TagData>('tag', 'g1');
    expect(row?.data).toEqual({ name: 'Job', color: '#123456', description: 'job' });
    expect(row?.updatedAt).toBe('2025-03-02T00:00:00.000Z');
  });

  it('renames to another case of its own name, but not to the name of another live tag', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    await createTag(tx, 'g2', 'Home');
    await runMutation(tx, 'tag.update', { id: 'g1', name: 'WORK' });
    await rejects(runMutation(tx, 'tag.update', { id: 'g1', name: 'home' }), 'EXISTS');
    await runMutation(tx, 'tag.delete', { id: 'g2' });
    await runMutation(tx, 'tag.update', { id: 'g1', name: 'home' });
    expect((await tx.get<TagData>('tag', 'g1'))?.data.name).toBe('home');
  });

  it('rejects unknown and deleted tags', async () => {
    const tx = setup();
    await rejects(runMutation(tx, 'tag.update', { id: 'nope', name: 'x' }), 'NOT_FOUND');
    await createTag(tx, 'g1', 'Work');
    await runMutation(tx, 'tag.delete', { id: 'g1' });
    await rejects(runMutation(tx, 'tag.update', { id: 'g1', color: '#000' }), 'NOT_FOUND');
  });
});

describe('tag.delete', () => {
  it("tombstones the tag and removes its id from every live item's tags", async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    await createTag(tx, 'g2', 'Home');
    await createTask(tx, 'a', ['g1', 'g2']);
    await createTask(tx, 'b', ['g1']);
    await createTask(tx, 'c', ['g2']);
    await tx.put('note', 'n', { title: 'note', tags: ['g1'] });
    await tx.put('habit', 'h', { title: 'habit', tags: ['g1', 'g2'] });
    await tx.put('event', 'e', { title: 'event' });
    tx.now = '2025-03-02T00:00:00.000Z';
    await runMutation(tx, 'tag.delete', { id: 'g1' });
    expect((await tx.get('tag', 'g1'))?.deleted).toBe(true);
    expect(await tagsOfTask(tx, 'a')).toEqual(['g2']);
    expect(await tagsOfTask(tx, 'b')).toEqual([]);
    expect((await tx.get('note', 'n'))?.data.tags).toEqual([]);
    expect((await tx.get('habit', 'h'))?.data.tags).toEqual(['g2']);
    // Items without the tag are not rewritten.
    expect((await tx.get('task', 'c'))?.updatedAt).toBe('2025-03-01T10:00:00.000Z');
    expect((await tx.get('event', 'e'))?.data).toEqual({ title: 'event' });
  });

  it('leaves deleted items alone and rejects unknown or deleted tags', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    await createTask(tx, 'gone', ['g1']);
    await runMutation(tx, 'task.delete', { id: 'gone' });
    await runMutation(tx, 'tag.delete', { id: 'g1' });
    expect((await tx.get('task', 'gone'))?.data.tags).toEqual(['g1']);
    await rejects(runMutation(tx, 'tag.delete', { id: 'g1' }), 'NOT_FOUND');
    await rejects(runMutation(tx, 'tag.delete', { id: 'nope' }), 'NOT_FOUND');
  });
});

describe('tagRef.add and tagRef.remove', () => {
  it('add is idempotent: adding twice keeps one id, in order of adding', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    await createTag(tx, 'g2', 'Home');
    await createTask(tx, 't');
    await runMutation(tx, 'tagRef.add', ref('g2', 't'));
    await runMutation(tx, 'tagRef.add', ref('g1', 't'));
    await runMutation(tx, 'tagRef.add', ref('g2', 't'));
    expect(await tagsOfTask(tx, 't')).toEqual(['g2', 'g1']);
  });

  it('remove is idempotent: removing a missing id is a no-op, also for a deleted tag', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    await createTask(tx, 't', ['g1', 'stale']);
    await runMutation(tx, 'tagRef.remove', ref('g1', 't'));
    await runMutation(tx, 'tagRef.remove', ref('g1', 't'));
    await runMutation(tx, 'tagRef.remove', ref('stale', 't'));
    expect(await tagsOfTask(tx, 't')).toEqual([]);
  });

  it('works on every taggable type, and an item without a tags field counts as none', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    await tx.put('note', 'n', { title: 'note' });
    await runMutation(tx, 'tagRef.add', ref('g1', 'n', 'note'));
    expect((await tx.get('note', 'n'))?.data).toEqual({ title: 'note', tags: ['g1'] });
    // Not a taggable type: sent as JSON would send it, through the untyped wire entry.
    await rejects(runWireMutation(tx, 'tagRef.add', { ...ref('g1', 'n'), itemType: 'inbox' }), 'VALIDATION');
  });

  it('rejects a missing or deleted item, and a missing or deleted tag on add', async () => {
    const tx = setup();
    await createTag(tx, 'g1', 'Work');
    await createTag(tx, 'g2', 'Home');
    await createTask(tx, 't');
    await createTask(tx, 'gone');
    await runMutation(tx, 'task.delete', { id: 'gone' });
    await runMutation(tx, 'tag.delete', { id: 'g2' });
    await rejects(runMutation(tx, 'tagRef.add', ref('g1', 'nope')), 'NOT_FOUND');
    await rejects(runMutation(tx, 'tagRef.add', ref('g1', 'gone')), 'NOT_FOUND');
    await rejects(runMutation(tx, 'tagRef.add', ref('nope', 't')), 'NOT_FOUND');
    await rejects(runMutation(tx, 'tagRef.add', ref('g2', 't')), 'NOT_FOUND');
    await rejects(runMutation(tx, 'tagRef.add', ref('g1', 't', 'note')), 'NOT_FOUND');
    await rejects(runMutation(tx, 'tagRef.remove', ref('g1', 'gone')), 'NOT_FOUND');
    expect(await tagsOfTask(tx, 't')).toEqual([]);
  });

  it('refuses more than 200 tags on one item', async () => {
    const tx = setup();
    await createTag(tx, 'g', 'G');
    await createTask(tx, 't', Array.from({ length: 200 }, (_, i) => `x${i}`));
    await rejects(runMutation(tx, 'tagRef.add', ref('g', 't')), 'VALIDATION');
  });
});

describe('tagIdFor', () => {
  it('is a deterministic UUIDv5 of userId|lower(trim(name))', () => {
    const id = tagIdFor('user-1', 'Work');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(tagIdFor('user-1', 'Work')).toBe(id);
    expect(tagIdFor('user-1', '  wORK ')).toBe(id);
    expect(id).toBe(uuidV5('user-1|work', TAG_ID_NAMESPACE));
    expect(tagIdFor('user-2', 'Work')).not.toBe(id);
    expect(tagIdFor('user-1', 'Works')).not.toBe(id);
    expect(tagIdFor('user-1', 'Работа')).toBe(tagIdFor('user-1', 'РАБОТА'));
  });
});

describe('uuidV5', () => {
  it('matches the RFC and Python reference values', () => {
    const dns = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
    expect(uuidV5('python.org', dns)).toBe('886313e1-3b8a-5372-9b90-0c9aee199e5d');
    expect(uuidV5('www.example.com', dns)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('agrees with a SHA-1 from node:crypto for names of every length and script', () => {
    const reference = (name: string, ns: string) => {
      const hash = createHash('sha1').update(Buffer.from(ns.replace(/-/g, ''), 'hex')).update(name, 'utf8').digest();
      hash[6] = (hash[6]! & 0x0f) | 0x50;
      hash[8] = (hash[8]! & 0x3f) | 0x80;
      const hex = hash.subarray(0, 16).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    };
    const chars = ['a', 'é', '日', '😀', '\ud800'];
    for (let len = 0; len < 140; len++) {
      const name = Array.from({ length: len }, (_, i) => chars[i % chars.length]).join('');
      expect(uuidV5(name, TAG_ID_NAMESPACE)).toBe(reference(name, TAG_ID_NAMESPACE));
    }
    expect(() => uuidV5('x', 'not-a-uuid')).toThrow(TypeError);
  });
});
