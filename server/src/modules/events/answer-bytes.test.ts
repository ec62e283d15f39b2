import { describe, expect, it } from 'vitest';
import { useServerTest } from '../../../test/kit.js';
import { occurrencesAnswer } from './repository.js';

/**
 * The buffer answer of the range routes (repository.ts `occurrencesAnswer`) is the streamed answer's items joined,
 * byte for byte: sized exactly from each occurrence's bytes kept on it, with non-ASCII text, an empty range, and
 * after writes that replace an event (its occurrences' bytes are its new version's, never the old ones).
 */

describe('occurrencesAnswer as one buffer', () => {
  const t = useServerTest();
  const may = { from: '2025-05-01', to: '2025-05-31' };
  const answer = async (userId: string, range = may) => {
    const buf = await occurrencesAnswer(t.app.db, userId, range, 'Europe/Berlin', 4_000_000);
    const items = await occurrencesAnswer(t.app.db, userId, range, 'Europe/Berlin', 0);
    expect(Buffer.isBuffer(buf)).toBe(true);
    expect(Array.isArray(items)).toBe(true);
    expect((buf as Buffer).toString('utf8')).toBe(`[${(items as string[]).join(',')}]`);
    return JSON.parse((buf as Buffer).toString('utf8')) as { title: string; startDate: string; location: string; completed: boolean }[];
  };

  it('is the streamed items joined, and follows each write of an event', async () => {
    const user = await t.seedUser();
    expect(await answer(user.id)).toEqual([]);
    const series = await t.create('/api/events', { title: 'Café « Größe » 会议', startDate: '2025-05-05', startTime: '09:00', endTime: '10:00', recurrence: 'FREQ=WEEKLY', location: 'Zürich' }, user);
    await t.create('/api/events', { title: 'Однажды', startDate: '2025-05-07', allDay: true }, user);
    await t.create('/api/tasks', { title: 'Due ✓', dueDate: '2025-05-09' }, user);
    const first = await answer(user.id);
    expect(first.map((o) => `${o.startDate} ${o.title}`)).toEqual([
      '2025-05-05 Café « Größe » 会议',
      '2025-05-07 Однажды',
      '2025-05-09 Due ✓',
      '2025-05-12 Café « Größe » 会议',
      '2025-05-19 Café « Größe » 会议',
      '2025-05-26 Café « Größe » 会议',
    ]);
    // Asked again (kept occurrences), then after the series changes: the new text in every occurrence.
    expect(await answer(user.id)).toEqual(first);
    expect((await t.callAs(user, 'PUT', `/api/events/${series._id}`, { title: 'Kurz', location: 'Bern' })).statusCode).toBe(200);
    const after = await answer(user.id);
    expect(after.filter((o) => o.title === 'Kurz').map((o) => o.location)).toEqual(['Bern', 'Bern', 'Bern', 'Bern']);
    expect(after.some((o) => o.title.startsWith('Café'))).toBe(false);
    expect(await answer(user.id, { from: '2025-06-01', to: '2025-06-07' })).toHaveLength(1);
  });
});
