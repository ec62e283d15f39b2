import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expandHex, isHexColor, textColorOn } from '../lib/colors';
import { activateEnglish, renderWithI18n } from '../../../test/kit';
import { ColorPicker, ColorPickerDialog } from './color-picker';

beforeEach(() => {
  activateEnglish();
});

describe('hex colours', () => {
  it.each([
    ['#fff', true],
    ['#FFD6E7', true],
    ['#4caf50', true],
    ['fff', false],
    ['#ffff', false],
    ['#12345', false],
    ['#GGGGGG', false],
    ['#1234567', false],
    ['', false],
  ])('%s is valid: %s', (value, valid) => {
    expect(isHexColor(value)).toBe(valid);
  });

  it('expands short hex and upper-cases it', () => {
    expect(expandHex('#0af')).toBe('#00AAFF');
  });

  it('picks the more readable text colour', () => {
    expect(textColorOn('#FFD6E7')).toBe('#1C1B1F');
    expect(textColorOn('#FFEB3B')).toBe('#1C1B1F');
    expect(textColorOn('#6200EA')).toBe('#FFFFFF');
    expect(textColorOn('#000')).toBe('#FFFFFF');
  });
});

function Harness({ onChange }: { onChange(hex: string): void }) {
  const [value, setValue] = useState('#4CAF50');
  return (
    <ColorPicker
      value={value}
      onChange={(hex) => {
        onChange(hex);
        setValue(hex);
      }}
    />
  );
}

describe('ColorPicker', () => {
  it('marks the current swatch and picks another', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Harness onChange={onChange} />);
    expect(screen.getByRole('radio', { name: '#4CAF50' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.setup().click(screen.getByRole('radio', { name: '#6200EA' }));
    expect(onChange).toHaveBeenLastCalledWith('#6200EA');
    expect(screen.getByRole('radio', { name: '#6200EA' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('Custom colour (hex)') as HTMLInputElement).value).toBe('#6200EA');
  });

  it('offers the default tag colour and the named palette colours', () => {
    renderWithI18n(<ColorPicker value="#FFD6E7" onChange={() => {}} />);
    for (const hex of ['#FFD6E7', '#F44336', '#4CAF50', '#FFEB3B', '#4285F4', '#6200EA']) {
      expect(screen.getByRole('radio', { name: hex })).toBeTruthy();
    }
  });

  it('shows "Must be a valid hex color" for a bad custom value and does not report it', async () => {
    const onChange = vi.fn();
    renderWithI18n(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    const hex = screen.getByLabelText('Custom colour (hex)');
    await user.clear(hex);
    await user.type(hex, '#12');
    expect(screen.getByRole('alert').textContent).toBe('Must be a valid hex color');
    expect(hex.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    await user.type(hex, '3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith('#112233');
    await user.clear(hex);
    await user.type(hex, 'abcdef');
    expect(screen.getByText('Must be a valid hex color')).toBeTruthy();
  });

  it('limits the height of the swatch area', () => {
    renderWithI18n(<ColorPicker value="#FFD6E7" onChange={() => {}} swatchMaxHeight={150} />);
    expect(screen.getByRole('radiogroup').style.maxHeight).toBe('150px');
  });
});

describe('ColorPickerDialog', () => {
  it('is titled "Select a Color" and starts at #4CAF50 when given no value', async () => {
    const onSelect = vi.fn();
    renderWithI18n(<ColorPickerDialog open onOpenChange={() => {}} onSelect={onSelect} />);
    const dialog = screen.getByRole('dialog', { name: 'Select a Color' });
    expect(within(dialog).getByRole('radio', { name: '#4CAF50' }).getAttribute('aria-checked')).toBe('true');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Select' }));
    expect(onSelect).toHaveBeenCalledWith('#4CAF50');
  });
});
