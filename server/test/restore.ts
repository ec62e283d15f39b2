import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { newClientId, type SeededUser } from './kit.js';
import { ScriptedClient } from './sync-client.js';

/** A device's data before and after a backup is restored (backup.test.ts, backup-pg.test.ts). */

/** Everything a device shows, per replicated type, as comparable data. */
export const shown = (device: ScriptedClient) => ({ task: device.liveRows('task'), tag: device.liveRows('tag'), note: device.liveRows('note') });

/** A device with tasks, a tag on one of them and a note, pushed and pulled. */
export async function syncedDevice(app: FastifyInstance, user: SeededUser): Promise<ScriptedClient> {
  const phone = new ScriptedClient(app, user.headers, newClientId('phone'));
  for (let i = 1; i <= 5; i++) await phone.mutate('task.create', { id: `kept-${i}`, title: `Task ${i}` });
  await phone.mutate('tag.create', { id: 'tag-home', name: 'home' });
  await phone.mutate('tagRef.add', { tagId: 'tag-home', itemId: 'kept-1', itemType: 'task' });
  await phone.mutate('note.create', { id: 'note-1', title: 'Привет', content: 'in the backup' });
  await phone.push();
  await phone.pull();
  expect(phone.outbox).toEqual([]);
  return phone;
}

/** Writes after the backup: an edit, a delete, new rows. */
export async function writeAfterBackup(phone: ScriptedClient): Promise<void> {
  await phone.mutate('task.update', { id: 'kept-1', title: 'renamed after the backup' });
  await phone.mutate('task.delete', { id: 'kept-2' });
  await phone.mutate('task.create', { id: 'lost-1', title: 'after the backup' });
  await phone.mutate('note.update', { id: 'note-1', content: 'edited after the backup' });
  await phone.push();
  await phone.pull();
  expect(phone.outbox).toEqual([]);
}


/** `GET /api/search` on a restored copy finds the backup's tasks and nothing written after the backup. */
export async function expectSearchAsAtBackup(app: FastifyInstance, user: SeededUser): Promise<void> {
  const find = async (q: string) =>
    ((await app.inject({ method: 'GET', url: `/api/search?q=${q}&type=task`, headers: user.headers })).json() as { results: { id: string }[] }).results.map((r) => r.id);
  expect((await find('task')).sort()).toEqual(['kept-1', 'kept-2', 'kept-3', 'kept-4', 'kept-5']);
  expect(await find('renamed')).toEqual([]);
  expect(await find('after')).toEqual([]);
}
