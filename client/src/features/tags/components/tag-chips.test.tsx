import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import { eachTestDb, renderWithI18n, seed } from '../../../test/kit';
import { TagChips } from './tag-chips';

let db: AppDatabase;
eachTestDb((opened) => (db = opened));

describe('TagChips', () => {
  it('shows each tag in its colour with readable text, in the given order', async () => {
    await seed(db, 'tag', 'light', { name: 'Light', color: '#FFD6E7' });
    await seed(db, 'tag', 'dark', { name: 'Dark', color: '#311B92' });
    renderWithI18n(<TagChips ids={['dark', 'light', 'gone']} />);
    const list = screen.getByRole('list', { name: 'Tags' });
    await within(list).findByText('Dark');
    const chips = within(list).getAllByTestId('tag-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['Dark', 'Light', 'Loading tag...']);
    expect(chips[0].style.color).toBe('rgb(255, 255, 255)');
    expect(chips[1].style.color).toBe('rgb(28, 27, 31)');
    expect(chips[1].style.backgroundColor).toBe('rgb(255, 214, 231)');
  });

  it('shares one read of the tags table between all chip lists on screen, and follows its changes', async () => {
    await seed(db, 'tag', 'a', { name: 'Alpha' });
    await seed(db, 'tag', 'b', { name: 'Beta' });
    // A read of the tags table: the live table's first read (toArray) or its read of changed rows (bulkGet).
    const reads = vi.fn();
    for (const method of ['toArray', 'bulkGet'] as const) {
      const real = db.tags[method].bind(db.tags) as (...args: unknown[]) => unknown;
      vi.spyOn(db.tags, method).mockImplementation(((...args: unknown[]) => (reads(), real(...args))) as never);
    }
    renderWithI18n(
      <>
        {Array.from({ length: 40 }, (_, i) => (
          <TagChips key={i} ids={i % 2 ? ['a'] : ['a', 'b']} />
        ))}
      </>,
    );
    expect(await screen.findAllByText('Alpha')).toHaveLength(40);
    expect(screen.getAllByText('Beta')).toHaveLength(20);
    expect(reads).toHaveBeenCalledTimes(1);
    await mutate(db, 'tag.update', { id: 'b', name: 'Beta renamed' });
    expect(await screen.findAllByText('Beta renamed')).toHaveLength(20);
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });

  it('renders nothing without ids', () => {
    const { container } = renderWithI18n(<TagChips ids={[]} />);
    expect(container.textContent).toBe('');
  });
});

describe('TagChips with an id missing locally', () => {
  it('asks the sync engine for a refresh once, and shows the tag when the pull brings it', async () => {
    const sync = await import('../../../db/sync');
    const syncNow = vi.spyOn(sync.engine, 'syncNow').mockImplementation(async () => {
      await seed(db, 'tag', 'remote', { name: 'From another device' });
      return 'synced';
    });
    // Past the throttle window of any earlier ask in this file.
    const clock = vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 60_000);
    try {
      renderWithI18n(<TagChips ids={['remote']} />);
      expect(await screen.findByText('From another device')).toBeTruthy();
      expect(syncNow).toHaveBeenCalledTimes(1);
    } finally {
      syncNow.mockRestore();
      clock.mockRestore();
    }
  });
});
