import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { activateEnglish, renderWithI18n } from '../../../test/kit';
import type { TaskItem } from '../logic/types';
import { TaskRow } from './task-row';

activateEnglish();

const task: TaskItem = {
  id: 't',
  title: '',
  description: '',
  completed: false,
  startDate: null,
  dueDate: null,
  time: null,
  priority: 'high',
  tags: [],
  parent: null,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
};

function renderRow(onSetCompleted: (id: string, completed: boolean) => Promise<void>, onOpen = vi.fn()) {
  renderWithI18n(
    <ul data-task-list>
      <TaskRow task={task} today="2025-03-05" timeZone="UTC" clockMode="12h" locale="en" childCount={0} doneCount={0} onOpen={onOpen} onSetCompleted={onSetCompleted} />
    </ul>,
  );
  return onOpen;
}

describe('TaskRow', () => {
  it('flips the checkbox at once and reverts it with an inline error when the write fails', async () => {
    let reject!: (e: Error) => void;
    const write = vi.fn(() => new Promise<void>((_, r) => (reject = r)));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRow(write);
    const user = userEvent.setup();
    const box = screen.getByRole('checkbox', { name: 'Mark Untitled task as done' });
    await user.click(box);
    expect(write).toHaveBeenCalledWith('t', true);
    expect(box.getAttribute('aria-checked')).toBe('true');
    // The name says the task and what a click does next.
    expect(screen.getByRole('checkbox', { name: 'Mark Untitled task as not done' })).toBe(box);
    expect(screen.getByText('Untitled task').className).toContain('line-through');
    reject(new Error('refused'));
    await waitFor(() => expect(box.getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByRole('alert').textContent).toBe('Couldn’t save that change. Please try again.');
    expect(screen.getByText('Untitled task').className).not.toContain('line-through');
  });

  it('opens on click and on Enter, but not when the checkbox is clicked', async () => {
    const onOpen = renderRow(() => Promise.resolve());
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox'));
    expect(onOpen).not.toHaveBeenCalled();
    await user.click(screen.getByText('Untitled task'));
    expect(onOpen).toHaveBeenCalledWith('t');
    (document.querySelector('[data-task-row]') as HTMLElement).focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });
});
