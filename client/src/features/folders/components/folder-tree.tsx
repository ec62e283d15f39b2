import { Trans, useLingui } from '@lingui/react/macro';
import { mdiDotsHorizontal, mdiFolderHomeOutline, mdiFolderPlusOutline, mdiNoteMultipleOutline } from '@mdi/js';
import type { ReactNode } from 'react';
import { IconButton } from '../../../components/ui/button';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import type { FolderNode } from '../data/queries';
import { folderColor, folderIconPath } from './folder-icons';

/** What the notes list shows: every note, the root level only, or one folder. */
export type FolderFilter = { kind: 'all' } | { kind: 'root' } | { kind: 'folder'; id: string };

export interface FolderTreeProps {
  tree: readonly FolderNode[];
  filter: FolderFilter;
  onFilter(filter: FolderFilter): void;
  /** Notes per folder id ('' for the root level) and in total. */
  counts: Map<string, number>;
  total: number;
  onOpenFolder(id: string): void;
  onNewFolder(): void;
}

const rowClass = (active: boolean) =>
  cn(
    'flex min-h-11 w-full min-w-0 flex-1 items-center gap-2 rounded-lg px-2 text-left text-sm sm:min-h-9',
    focusRing,
    active ? 'bg-primary/10 font-medium text-primary' : 'hover:bg-surface-2',
  );

/** The nested folder tree beside the notes: pick a folder to filter by, open one to view or edit it. */
export function FolderTree({ tree, filter, onFilter, counts, total, onOpenFolder, onNewFolder }: FolderTreeProps) {
  const { t } = useLingui();
  const renderNodes = (nodes: readonly FolderNode[], depth: number) =>
    nodes.map(({ item: folder, children }) => {
      const name = folder.name;
      return (
        <li key={folder._id}>
          <div className="flex items-center gap-1" style={{ paddingLeft: `${depth}rem` }}>
            <button
              type="button"
              className={rowClass(filter.kind === 'folder' && filter.id === folder._id)}
              onClick={() => onFilter({ kind: 'folder', id: folder._id })}
            >
              <span style={{ color: folderColor(folder.color) }} className="flex">
                <Icon path={folderIconPath(folder.icon)} size={18} />
              </span>
              <span className="min-w-0 flex-1 truncate">{name}</span>
              <span className="text-xs text-muted">{counts.get(folder._id) ?? 0}</span>
            </button>
            <IconButton icon={mdiDotsHorizontal} size="sm" label={t`Folder details: ${name}`} onClick={() => onOpenFolder(folder._id)} />
          </div>
          {children.length > 0 && <ul>{renderNodes(children, depth + 1)}</ul>}
        </li>
      );
    });

  return (
    <nav aria-label={t`Folders`} className="flex flex-col gap-1">
      <div className="flex items-center justify-between gap-2 px-1">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-[#0f766e] dark:text-section-folders">
          <Trans>Folders</Trans>
        </h2>
        <IconButton icon={mdiFolderPlusOutline} size="sm" label={t`New folder`} onClick={onNewFolder} />
      </div>
      <ul className="flex flex-col gap-0.5">
        <FixedRow active={filter.kind === 'all'} onClick={() => onFilter({ kind: 'all' })} icon={mdiNoteMultipleOutline} label={<Trans>All notes</Trans>} count={total} />
        <FixedRow active={filter.kind === 'root'} onClick={() => onFilter({ kind: 'root' })} icon={mdiFolderHomeOutline} label={<Trans>Root Level</Trans>} count={counts.get('') ?? 0} />
        {renderNodes(tree, 0)}
      </ul>
    </nav>
  );
}

/** 'All notes' and 'Root Level' above the folders. */
function FixedRow({ active, onClick, icon, label, count }: { active: boolean; onClick(): void; icon: string; label: ReactNode; count: number }) {
  return (
    <li>
      <button type="button" className={rowClass(active)} onClick={onClick}>
        <Icon path={icon} size={18} className="text-muted" />
        <span className="flex-1">{label}</span>
        <span className="text-xs text-muted">{count}</span>
      </button>
    </li>
  );
}
