import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderWithI18n } from '../../../test/kit';
import { askOccurrenceScope, OccurrenceScopeHost } from './occurrence-scope';

beforeEach(() => activateEnglish());

describe('askOccurrenceScope', () => {
  it('answers the scope the user picks, drawn once however many dialogs are mounted', async () => {
    renderWithI18n(
      <>
        <OccurrenceScopeHost />
        <OccurrenceScopeHost />
      </>,
    );
    const user = userEvent.setup();
    let answer!: Promise<string | null>;
    act(() => {
      answer = askOccurrenceScope({ action: 'delete' });
    });
    const ask = await screen.findByRole('alertdialog', { name: 'Delete recurring event' });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await user.click(within(ask).getByRole('button', { name: 'This and following events' }));
    await expect(answer).resolves.toBe('following');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('answers null on Cancel or Escape, and for a question a newer one replaced', async () => {
    renderWithI18n(<OccurrenceScopeHost />);
    const user = userEvent.setup();
    let first!: Promise<string | null>;
    let second!: Promise<string | null>;
    act(() => {
      first = askOccurrenceScope();
    });
    act(() => {
      second = askOccurrenceScope({ allowThis: false });
    });
    await expect(first).resolves.toBeNull();
    const ask = await screen.findByRole('alertdialog', { name: 'Edit recurring event' });
    expect(within(ask).queryByRole('button', { name: 'This event' })).toBeNull();
    await user.keyboard('{Escape}');
    await expect(second).resolves.toBeNull();
  });

  it('answers null at once when no dialog is mounted to ask', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(askOccurrenceScope()).resolves.toBeNull();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
