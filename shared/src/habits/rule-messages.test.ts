import { describe, expect, it } from 'vitest';
import { MemoryTx } from '../sync/memory-tx.js';
import { runMutation, type MutationArgs } from '../sync/registry.js';

/** A habit that breaks a rule of SPEC section 5 is refused with that rule's message (REST answers it as error.message). */
describe('habit.create / habit.update rule messages', () => {
  const setup = () => new MemoryTx(new Map(), '2025-03-10T10:00:00.000Z');

  it.each<[Omit<MutationArgs<'habit.update'>, 'id'>, string]>([
    [{ frequency: 'custom', customFrequency: { type: 'days', days: [] } }, 'Please select at least one day'],
    [{ frequency: 'custom', customFrequency: null }, 'Please select days and frequency'],
    [{ timeOfDay: 'custom', customTime: null }, 'Please enter a custom time'],
  ])('update to %j → %s', async (patch, message) => {
    const tx = setup();
    await runMutation(tx, 'habit.create', { id: 'h', title: 'Walk' });
    await expect(runMutation(tx, 'habit.update', { id: 'h', ...patch })).rejects.toMatchObject({ code: 'VALIDATION', message });
  });
});
