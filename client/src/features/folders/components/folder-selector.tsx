import { useLingui } from '@lingui/react/macro';
import { mdiCheck, mdiChevronDown, mdiClose, mdiFolderHomeOutline } from '@mdi/js';
import { getNonce } from 'get-nonce';
import { Select as RadixSelect } from 'radix-ui';
import { useId, useMemo } from 'react';
import { IconButton } from '../../../components/ui/button';
import { cn, fieldBox } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { FieldFrame } from '../../../components/ui/text-field';
import { flattenFolders, type FolderNode } from '../data/queries';
import { folderColor, folderIconPath } from './folder-icons';

export interface FolderSelectorProps {
  label: string;
  hideLabel?: boolean;
  /** The chosen folder id; null is the root level. */
  value: string | null;
  onChange(folder: string | null): void;
  tree: readonly FolderNode[];
  /** A folder left out of the choices together with its subfolders (a folder cannot go inside itself). */
  exclude?: string | null;
  /** What null reads as; 'Root Level' unless told (the notes filter says 'All folders'). */
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * The folder selector (SPEC section 2): placeholder 'Root Level', clearable, the folders as an indented tree
 * with their icons and colours, optionally without one folder and everything under it.
 */
export function FolderSelector({ label, hideLabel, value, onChange, tree, exclude, placeholder, disabled, className }: FolderSelectorProps) {
  const { t } = useLingui();
  const id = useId();
  const rows = useMemo(() => flattenFolders(tree, exclude), [tree, exclude]);
  const current = rows.find((r) => r.item._id === value)?.item;
  const empty = placeholder ?? t`Root Level`;
  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} className={className}>
      <div className="relative flex items-center">
        <RadixSelect.Root value={current ? current._id : ''} onValueChange={(v) => onChange(v || null)} disabled={disabled}>
          <RadixSelect.Trigger id={id} data-testid="folder-selector" className={cn(fieldBox, 'flex items-center justify-between gap-2 pr-20 text-left text-sm')}>
            <span className="flex min-w-0 items-center gap-2">
              <Icon path={current ? folderIconPath(current.icon) : mdiFolderHomeOutline} size={18} className={current ? undefined : 'text-muted'} />
              <span className={cn('min-w-0 truncate', !current && 'text-muted')}>
                <RadixSelect.Value placeholder={empty}>{current?.name}</RadixSelect.Value>
              </span>
            </span>
          </RadixSelect.Trigger>
          <span className="pointer-events-none absolute right-3 flex text-muted">
            <Icon path={mdiChevronDown} size={18} />
          </span>
          <RadixSelect.Portal>
            <RadixSelect.Content
              position="popper"
              sideOffset={4}
              className="z-[70] max-h-[min(360px,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-y-auto rounded-lg border border-line bg-surface text-ink shadow-lg"
            >
              <RadixSelect.Viewport className="p-1" nonce={getNonce()}>
                {rows.length === 0 && <p className="px-3 py-2 text-sm text-muted">{t`No folders yet`}</p>}
                {rows.map(({ item: folder, depth }) => (
                  <RadixSelect.Item
                    key={folder._id}
                    value={folder._id}
                    style={{ paddingLeft: `${2 + depth * 1.25}rem` }}
                    className="relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-md py-2 pr-3 text-sm outline-none data-[highlighted]:bg-surface-2 sm:min-h-9"
                  >
                    <RadixSelect.ItemIndicator className="absolute left-2 flex text-primary">
                      <Icon path={mdiCheck} size={16} />
                    </RadixSelect.ItemIndicator>
                    <span style={{ color: folderColor(folder.color) }} className="flex">
                      <Icon path={folderIconPath(folder.icon)} size={18} />
                    </span>
                    <RadixSelect.ItemText>{folder.name}</RadixSelect.ItemText>
                  </RadixSelect.Item>
                ))}
              </RadixSelect.Viewport>
            </RadixSelect.Content>
          </RadixSelect.Portal>
        </RadixSelect.Root>
        {value && !disabled && (
          <IconButton icon={mdiClose} label={t`Clear folder`} size="sm" className="absolute right-8" onClick={() => onChange(null)} />
        )}
      </div>
    </FieldFrame>
  );
}
