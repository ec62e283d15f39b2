import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Option, OptionGroup, useListbox } from './listbox';

/** A field and two groups of options; `list` names the contents (as the palette's query does). */
function Harness({ groups, list, onSelect }: { groups: [string, string[]][]; list: string; onSelect(key: string): void }) {
  const [value, setValue] = useState('');
  const options = groups.flatMap(([, keys]) => keys.map((key) => ({ key, select: () => onSelect(key) })));
  const lb = useListbox(options, list);
  return (
    <>
      <input aria-label="Field" {...lb.inputProps} value={value} onChange={(e) => setValue(e.target.value)} onKeyDown={lb.onKeyDown} />
      <div {...lb.listProps} aria-label="Results">
        {groups.map(([heading, keys]) => (
          <OptionGroup key={heading} heading={heading}>
            {keys.map((key) => (
              <Option key={key} id={lb.optionId(key)} selected={lb.activeKey === key} onSelect={() => onSelect(key)} onActivate={() => lb.activate(key)}>
                {key}
              </Option>
            ))}
          </OptionGroup>
        ))}
      </div>
    </>
  );
}

const selected = () => screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true').map((o) => o.textContent);

describe('the palette’s listbox', () => {
  it('names its parts for assistive technology and moves with the arrows (wrapping), Home and End', async () => {
    const onSelect = vi.fn();
    const groups: [string, string[]][] = [['Tasks', ['a', 'b']], ['Notes', ['c']]];
    render(<Harness groups={groups} list="q1" onSelect={onSelect} />);
    const field = screen.getByRole('combobox', { name: 'Field' });
    const listbox = screen.getByRole('listbox', { name: 'Results' });
    expect(field.getAttribute('aria-controls')).toBe(listbox.id);
    expect(screen.getByRole('group', { name: 'Notes' })).toBeTruthy();
    expect(selected()).toEqual(['a']);
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'a' }).id);
    const user = userEvent.setup();
    await user.click(field);
    await user.keyboard('{ArrowUp}');
    expect(selected()).toEqual(['c']);
    await user.keyboard('{ArrowDown}');
    expect(selected()).toEqual(['a']);
    await user.keyboard('{End}');
    expect(selected()).toEqual(['c']);
    await user.keyboard('{Home}{ArrowDown}');
    expect(selected()).toEqual(['b']);
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'b' }).id);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('b');
  });

  it('follows the pointer, keeps the active option while the list stays, and starts on the first of another list', () => {
    const onSelect = vi.fn();
    const { rerender } = render(<Harness groups={[['Tasks', ['a', 'b', 'c']]]} list="q1" onSelect={onSelect} />);
    fireEvent.pointerMove(screen.getByRole('option', { name: 'c' }));
    expect(selected()).toEqual(['c']);
    rerender(<Harness groups={[['Tasks', ['x', 'a', 'b', 'c']]]} list="q1" onSelect={onSelect} />);
    expect(selected()).toEqual(['c']);
    rerender(<Harness groups={[['Tasks', ['x', 'a', 'b', 'c']]]} list="q2" onSelect={onSelect} />);
    expect(selected()).toEqual(['x']);
    // The active option gone from the list: the first is active.
    fireEvent.pointerMove(screen.getByRole('option', { name: 'b' }));
    rerender(<Harness groups={[['Tasks', ['x', 'c']]]} list="q2" onSelect={onSelect} />);
    expect(selected()).toEqual(['x']);
    fireEvent.click(screen.getByRole('option', { name: 'c' }));
    expect(onSelect).toHaveBeenCalledWith('c');
  });
});
