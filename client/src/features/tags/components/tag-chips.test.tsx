import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../../db/database';
import { renderWithI18n, seedTag, setupTagsTest } from '../testing';
import { TagChips } from './tag-chips';

let db: AppDatabase;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ db, cleanup } = await setupTagsTest());
});
afterEach(async () => {
  await cleanup();
});

describe('TagChips', () => {
  it('shows each tag in its colour with readable text, in the given order', async () => {
    await seedTag(db, 'light', 'Light', '#FFD6E7');
    await seedTag(db, 'dark', 'Dark', '#311B92');
    renderWithI18n(<TagChips ids={['dark', 'light', 'gone']} />);
    const list = screen.getByRole('list', { name: 'Tags' });
    await within(list).findByText('Dark');
    const chips = within(list).getAllByTestId('tag-chip');
    expect(chips.map((c) => c.textContent)).toEqual(['Dark', 'Light', 'Loading tag...']);
    expect(chips[0].style.color).toBe('rgb(255, 255, 255)');
    expect(chips[1].style.color).toBe('rgb(28, 27, 31)');
    expect(chips[1].style.backgroundColor).toBe('rgb(255, 214, 231)');
  });

  it('renders nothing without ids', () => {
    const { container } = renderWithI18n(<TagChips ids={[]} />);
    expect(container.textContent).toBe('');
  });
});
