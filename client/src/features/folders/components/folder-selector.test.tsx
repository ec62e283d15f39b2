import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { folderTree, type FolderItem } from '../data/queries';
import { FolderSelector } from './folder-selector';
import { WithI18n, activateEnglish, installDomStandIns } from '../../../test/kit';

const folder = (_id: string, name: string, parentFolder: string | null = null, color: string | null = null): FolderItem => ({
  _id,
  name,
  parentFolder,
  color,
  icon: 'mdi-briefcase',
  tags: [],
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});
const tree = folderTree([folder('w', 'Work', null, '#1E88E5'), folder('p', 'Projects', 'w'), folder('d', 'Deep', 'p'), folder('h', 'Home')]);

beforeAll(() => {
  activateEnglish();
  installDomStandIns();
});

const renderSelector = (props: Partial<Parameters<typeof FolderSelector>[0]> = {}) => {
  const onChange = vi.fn();
  render(
    <WithI18n>
      <FolderSelector label="Folder" value={null} onChange={onChange} tree={tree} {...props} />
    </WithI18n>,
  );
  return onChange;
};

describe('FolderSelector', () => {
  it('reads "Root Level" when no folder is chosen and has no clear button', () => {
    renderSelector();
    expect(screen.getByRole('combobox', { name: 'Folder' }).textContent).toContain('Root Level');
    expect(screen.queryByRole('button', { name: 'Clear folder' })).toBeNull();
  });

  it('lists the folders as an indented tree with their colours and picks one', async () => {
    const onChange = renderSelector();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Folder' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Home', 'Work', 'Projects', 'Deep']);
    const indent = (name: string) => parseFloat(options.find((o) => o.textContent === name)!.style.paddingLeft);
    expect(indent('Work')).toBeLessThan(indent('Projects'));
    expect(indent('Projects')).toBeLessThan(indent('Deep'));
    expect(within(options[1]!).getByText('Work').closest('[role=option]')!.querySelector('[style*="color"]')).toBeTruthy();
    await user.click(options[2]!);
    expect(onChange).toHaveBeenCalledWith('p');
  });

  it('leaves out the excluded folder with its subfolders', async () => {
    renderSelector({ exclude: 'p' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Folder' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Home', 'Work']);
  });

  it('shows the chosen folder and clears back to the root level', async () => {
    const onChange = renderSelector({ value: 'd' });
    expect(screen.getByRole('combobox', { name: 'Folder' }).textContent).toContain('Deep');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear folder' }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
