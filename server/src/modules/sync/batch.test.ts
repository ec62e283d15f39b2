import { MutationError } from '@adhd/shared/sync/mutator';
import type { EntityType } from '@adhd/shared/sync/protocol';
import { habitDayId } from '@adhd/shared/habits/schema';
import { describe, expect, it } from 'vitest';
import { prefetchRows, tryPrepare } from './batch.js';

/**
 * A push loads the rows its mutations declare they read (each mutator's `reads`), one query per type, instead
 * of guessing from `args.id` and `args.parent` by the name's prefix.
 */
describe('prefetchRows', () => {
  it('asks once per type for every row the batch declares, other types and parents included', async () => {
    const asked: [EntityType, string[]][] = [];
    const tx = { prefetch: async (type: EntityType, ids: Iterable<string>) => void asked.push([type, [...ids].sort()]) };
    const batch = [
      { id: 1, name: 'tagRef.add', args: { tagId: 'g1', itemId: 'n1', itemType: 'note' } },
      { id: 2, name: 'note.create', args: { id: 'n2', title: 'N', content: 'x', folder: 'f1' } },
      { id: 3, name: 'habit.setDay', args: { habitId: 'h1', date: '2026-01-02', status: 'complete' } },
      { id: 4, name: 'task.move', args: { id: 't1', parent: 't2' } },
      { id: 5, name: 'task.create', args: { id: 't3', title: 'T' } },
      { id: 6, name: 'task.explode', args: { id: 'ignored' } },
      { id: 7, name: 'note.update', args: { id: 42 } },
    ];
    const prepared = batch.map((m) => tryPrepare({ ...m, clientTime: '2026-01-02T00:00:00Z' }));
    expect(prepared.slice(5).every((p) => p instanceof MutationError)).toBe(true);
    await prefetchRows(tx, prepared);
    expect(new Map(asked)).toEqual(
      new Map<EntityType, string[]>([
        ['tag', ['g1']],
        ['note', ['n1', 'n2']],
        ['folder', ['f1']],
        ['habit', ['h1']],
        ['habitDay', [habitDayId('h1', '2026-01-02')]],
        ['task', ['t1', 't2', 't3']],
      ]),
    );
    expect(asked).toHaveLength(6);
  });
});
