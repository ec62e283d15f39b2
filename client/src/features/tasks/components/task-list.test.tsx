import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { syncState } from '../../../db/sync-state';
import type { UserPrefs } from '../../../lib/use-prefs';
import { DEFAULT_FILTERS } from '../logic/filters';
import { indexTasks } from '../logic/tree';
import type { TaskItem } from '../logic/types';
import { activateEnglish, renderWithI18n } from '../../../test/kit';
import { taskItem } from '../testing';
import { TaskList } from './task-list';

activateEnglish();

const tasks: TaskItem[] = Array.from({ length: 250 }, (_, i) => taskItem(`t${String(i).padStart(3, '0')}`, { title: `Task ${i}` }));
const prefs: UserPrefs = { timeZone: 'UTC', weekStartDay: 1, clockMode: '12h', locale: 'en' };

function renderList() {
  renderWithI18n(
    <TaskList tasks={tasks} index={indexTasks(tasks)} filters={DEFAULT_FILTERS} view="list" prefs={prefs} today="2025-03-05" onOpen={() => undefined} onSetCompleted={async () => undefined} />,
  );
}

const rows = () => document.querySelectorAll('[data-task-row]').length;

afterEach(() => syncState.set({ status: 'idle' }));

describe('TaskList', () => {
  it('paints a screenful first and the rest of the page once no sync is storing pages', async () => {
    syncState.set({ status: 'syncing' });
    renderList();
    const first = rows();
    expect(first).toBeGreaterThanOrEqual(8);
    expect(first).toBeLessThanOrEqual(30);
    await act(async () => syncState.set({ status: 'synced' }));
    expect(rows()).toBe(200);
    expect(screen.getByRole('button', { name: 'Show 50 more tasks' })).toBeTruthy();
  });

  it('grows at the first scroll, without waiting for the sync', async () => {
    syncState.set({ status: 'syncing' });
    renderList();
    expect(rows()).toBeLessThanOrEqual(30);
    await act(async () => fireEvent.scroll(window));
    expect(rows()).toBe(200);
  });
});
