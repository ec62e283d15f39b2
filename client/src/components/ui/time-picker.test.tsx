import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ClockMode } from '../../lib/dates';
import { TimePicker } from './time-picker';
import { WithI18n, activateEnglish } from '../../test/kit';

activateEnglish();

function Harness({ onChange, clockMode = '12h', initial = '' }: { onChange(v: string): void; clockMode?: ClockMode; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <WithI18n>
      <TimePicker
        label="Time"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
        clockMode={clockMode}
        locale="en"
      />
    </WithI18n>
  );
}

describe('TimePicker', () => {
  it.each([
    ['14:30', '14:30', '2:30 PM'],
    ['08:15:45', '08:15', '8:15 AM'],
    ['9:05 pm', '21:05', '9:05 PM'],
    ['12:00 AM', '00:00', '12:00 AM'],
  ])('reads %j as %s and shows it in the clock mode', async (typed, stored, shown) => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Time') as HTMLInputElement;
    await user.type(input, `${typed}{Enter}`);
    expect(onChange).toHaveBeenCalledWith(stored);
    expect(input.value).toBe(shown);
  });

  it('refuses a time it cannot read and keeps the previous value', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial="10:00" clockMode="24h" />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Time') as HTMLInputElement;
    expect(input.value).toBe('10:00');
    await user.clear(input);
    await user.type(input, '25:61');
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Enter a time like');
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('lists the day in 5-minute steps and switches between 12-hour and 24-hour', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} initial="14:30" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Choose a time' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(288);
    expect(options[1].textContent).toBe('12:05 AM');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('2:30 PM');
    await user.click(screen.getByRole('button', { name: 'Time format' }));
    await user.click(await screen.findByRole('menuitemradio', { name: '24-hour' }));
    await waitFor(() => expect(screen.getByRole('option', { selected: true }).textContent).toBe('14:30'));
    await user.click(screen.getByRole('option', { name: '18:45' }));
    expect(onChange).toHaveBeenLastCalledWith('18:45');
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('18:45');
  });
});
