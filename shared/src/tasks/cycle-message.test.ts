import { describe, expect, it } from 'vitest';
import { MemoryTx } from '../sync/memory-tx.js';
import { runMutation } from '../sync/registry.js';

describe('task.move into its own subtree', () => {
  it('names the parent field with a message, as every field error does', async () => {
    const tx = new MemoryTx(new Map(), '2025-03-01T10:00:00.000Z');
    await runMutation(tx, 'task.create', { id: 'a', title: 'A' });
    await runMutation(tx, 'task.create', { id: 'b', title: 'B', parent: 'a' });
    const message = 'A task cannot be moved under itself or one of its subtasks';
    await expect(runMutation(tx, 'task.move', { id: 'a', parent: 'b' })).rejects.toMatchObject({
      code: 'CYCLE',
      message,
      details: [{ field: 'parent', key: 'validation.invalid', message }],
    });
  });
});
