import { mdiFormatListBulleted } from '@mdi/js';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChoiceButton, ChoiceGroup, SegmentedControl, type ChoiceRole } from './choice';

describe('ChoiceButton', () => {
  it.each<[ChoiceRole, string | null, string]>([
    ['option', 'option', 'aria-selected'],
    ['tab', 'tab', 'aria-selected'],
    ['radio', 'radio', 'aria-checked'],
    ['toggle', null, 'aria-pressed'],
  ])('as %s has role %s and states its choice with %s', (choiceRole, role, attribute) => {
    render(
      <>
        <ChoiceButton choiceRole={choiceRole} selected>
          On
        </ChoiceButton>
        <ChoiceButton choiceRole={choiceRole} selected={false}>
          Off
        </ChoiceButton>
      </>,
    );
    const [on, off] = screen.getAllByRole(role ?? 'button');
    expect(on!.getAttribute('role')).toBe(role);
    expect(on!.getAttribute('type')).toBe('button');
    expect([on!.getAttribute(attribute), off!.getAttribute(attribute)]).toEqual(['true', 'false']);
  });

  it('draws the chosen one in the primary colour and adds the state-only classes', () => {
    render(
      <>
        <ChoiceButton choiceRole="option" selected selectedClassName="border-2" idleClassName="opacity-80">
          On
        </ChoiceButton>
        <ChoiceButton choiceRole="option" selected={false} selectedClassName="border-2" idleClassName="opacity-80">
          Off
        </ChoiceButton>
      </>,
    );
    const [on, off] = screen.getAllByRole('option');
    expect(on!.className).toContain('border-primary');
    expect(on!.className).toContain('border-2');
    expect(on!.className).not.toContain('opacity-80');
    expect(off!.className).toContain('border-line');
    expect(off!.className).toContain('opacity-80');
  });
});

describe('ChoiceGroup', () => {
  function Views({ onChange }: { onChange(v: string): void }) {
    const [value, setValue] = useState<'list' | 'tree'>('list');
    return (
      <SegmentedControl<'list' | 'tree'>
        label="View"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
        options={[
          { value: 'list', label: 'List', icon: mdiFormatListBulleted },
          { value: 'tree', label: 'Tree' },
        ]}
      />
    );
  }

  it('is a labelled group of toggle buttons; a click presses one and releases the other', async () => {
    const onChange = vi.fn();
    render(<Views onChange={onChange} />);
    const group = screen.getByRole('group', { name: 'View' });
    expect(group).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tree' }));
    expect(onChange).toHaveBeenCalledWith('tree');
    expect(screen.getByRole('button', { name: 'Tree' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('is a tab list of tabs when asked', () => {
    render(<ChoiceGroup tabs label="Categories" value="b" onChange={vi.fn()} options={[{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }]} />);
    expect(screen.getByRole('tablist', { name: 'Categories' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'B' }).getAttribute('aria-selected')).toBe('true');
  });
});
