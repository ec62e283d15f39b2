import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { eachTestDb, seed } from '../../../test/kit';
import { inProcessPort } from '../logic/handler';
import type { SearchPort, WorkerRequest } from '../logic/protocol';
import type { IndexChange } from '../logic/types';
import { LocalSearch } from './local-search';

let db: AppDatabase;
eachTestDb((opened) => (db = opened));
let search: LocalSearch | null = null;
afterEach(() => search?.dispose());

/** The real index in this thread, recording every change the feed posts. */
function recordingPort(): { port: SearchPort; changes: IndexChange[] } {
  const inner = inProcessPort();
  const changes: IndexChange[] = [];
  const port: SearchPort = {
    onReply: null,
    post(request: WorkerRequest) {
      if (request.kind === 'apply') changes.push(request.change);
      inner.post(request);
    },
    terminate: () => inner.terminate(),
  };
  inner.onReply = (reply) => port.onReply?.(reply);
  return { port, changes };
}

const found = async (q: string) => (await search!.search(q)).hits.map((h) => `${h.type}:${h.id}`);
const upserted = (changes: IndexChange[]) => changes.flatMap((c) => c.upserts.map((d) => d.key));

describe('LocalSearch: the index fed from the live tables', () => {
  it('indexes tasks, notes, events, habits and inbox items, then re-sends only what a local write changed', async () => {
    await seed(db, 'task', 't1', { title: 'Quarterly report', description: 'numbers for Q3' });
    await seed(db, 'task', 't2', { title: 'Water plants' });
    await seed(db, 'note', 'n1', { title: 'Рецепты', content: 'Борщ со свёклой' });
    await mutate(db, 'event.create', { id: 'e1', title: 'Dentist', startDate: '2026-12-01', allDay: true, location: 'Main street' });
    await seed(db, 'habit', 'h1', { title: 'Stretch', description: 'after lunch' });
    await mutate(db, 'inbox.create', { id: 'i1', text: 'Idea: garage sale\nsell the old bike' });
    const { port, changes } = recordingPort();
    search = new LocalSearch(db, port);
    await search.ready;
    expect(upserted(changes).sort()).toEqual(['event:e1', 'habit:h1', 'inbox:i1', 'note:n1', 'task:t1', 'task:t2']);
    expect(await found('quart')).toEqual(['task:t1']);
    expect(await found('свекл')).toEqual(['note:n1']);
    expect(await found('main str')).toEqual(['event:e1']);
    expect(await found('lunch')).toEqual(['habit:h1']);
    expect(await found('bike')).toEqual(['inbox:i1']);
    expect(search.doc('inbox', 'i1')).toMatchObject({ title: 'Idea: garage sale', body: 'sell the old bike' });
    expect(search.doc('note', 'n1')).toMatchObject({ title: 'Рецепты', body: 'Борщ со свёклой' });

    changes.length = 0;
    await mutate(db, 'task.update', { id: 't2', title: 'Water the orchids' });
    await vi.waitFor(async () => expect(await found('orchid')).toEqual(['task:t2']));
    expect(upserted(changes)).toEqual(['task:t2']);
    expect(await found('plants')).toEqual([]);

    changes.length = 0;
    await mutate(db, 'task.delete', { id: 't1' });
    await vi.waitFor(async () => expect(await found('quart')).toEqual([]));
    expect(changes.flatMap((c) => c.removes)).toEqual(['task:t1']);
    expect(upserted(changes)).toEqual([]);
  });

  it('follows a pull page: new rows are found, tombstones leave the index', async () => {
    await seed(db, 'task', 'local', { title: 'Local draft' });
    const { port, changes } = recordingPort();
    search = new LocalSearch(db, port);
    await search.ready;
    changes.length = 0;
    const now = new Date().toISOString();
    const page = (cursor: number, list: object[]) => ({ changes: list, cursor, hasMore: false, lastMutationId: 0, reset: false, epoch: 'e' });
    const { applyPullPage } = await import('../../../db/apply-pull');
    await applyPullPage(db, page(5, [
      { entity: 'task', id: 'remote', version: 1, deleted: false, data: { title: 'Invoice from the other device', createdAt: now, updatedAt: now } },
      { entity: 'note', id: 'rn', version: 2, deleted: false, data: { title: 'Synced note', content: 'kayak trip', createdAt: now, updatedAt: now } },
    ]) as never, 0);
    await vi.waitFor(async () => expect(await found('invoi')).toEqual(['task:remote']));
    expect(await found('kayak')).toEqual(['note:rn']);
    expect(upserted(changes).sort()).toEqual(['note:rn', 'task:remote']);
    await applyPullPage(db, page(6, [{ entity: 'task', id: 'remote', version: 3, deleted: true }]) as never, 5, 'e');
    await vi.waitFor(async () => expect(await found('invoi')).toEqual([]));
    expect(await found('draft')).toEqual(['task:local']);
  });
});
