import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './date-picker';
import { WithI18n, activateEnglish } from '../../test/kit';

activateEnglish();

function Harness({ onChange, weekStartDay = 0, initial = '' }: { onChange(v: string): void; weekStartDay?: number; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <WithI18n>
      <DatePicker
        label="Due date"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
        today="2025-03-05"
        weekStartDay={weekStartDay}
        locale="en"
      />
    </WithI18n>
  );
}

describe('DatePicker', () => {
  it.each([
    ['Today', 0, '2025-03-05'],
    ['Tomorrow', 0, '2025-03-06'],
    ['Weekend', 0, '2025-03-08'],
    ['Next week', 0, '2025-03-09'],
    ['Next week', 1, '2025-03-10'],
    ['Next month', 1, '2025-04-01'],
  ])('preset %s (week starts on %i) picks %s', async (preset, weekStartDay, expected) => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} weekStartDay={weekStartDay} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Due date/ }));
    await user.click(await screen.findByRole('button', { name: preset }));
    expect(onChange).toHaveBeenCalledWith(expected);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /^Due date/ }).textContent).toContain(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${expected}T00:00:00Z`)),
    );
  });

  it('starts the calendar on the week start day, picks a day and clears', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} weekStartDay={1} initial="2025-03-20" />);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: /^Due date/ }).textContent).toContain('Mar 20, 2025');
    await user.click(screen.getByRole('button', { name: /^Due date/ }));
    const grid = await screen.findByRole('grid');
    expect(within(grid).getAllByRole('columnheader')[0].textContent).toBe('Mon');
    expect(within(grid).getByRole('button', { name: 'Thursday, March 20, 2025' }).getAttribute('tabindex')).toBe('0');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('data-date')).toBe('2025-03-21');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2025-03-21');
    await user.click(screen.getByRole('button', { name: 'Clear Due date' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: /^Due date/ }).textContent).toContain('No date');
  });

  it('offers years from 100 back to 52 ahead', async () => {
    render(<Harness onChange={vi.fn()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Due date/ }));
    const years = within(await screen.findByRole('combobox', { name: 'Year' })).getAllByRole('option');
    expect([years[0].textContent, years.at(-1)?.textContent]).toEqual(['1925', '2077']);
  });
});
