import { Trans, useLingui } from '@lingui/react/macro';
import { mdiDeleteOutline, mdiHelpCircleOutline, mdiNotePlusOutline } from '@mdi/js';
import { memo, useState } from 'react';
import { Button, IconButton } from '../../../components/ui/button';
import { cn, focusRing } from '../../../components/ui/cn';
import { FolderSelector, NoteColorPickerDialog, NoteTagChips, NoteTagSelector, type FolderIndex } from '../components/bridges';
import { SwitchRow } from '../components/switch-row';
import type { NoteFormValues } from '../logic/form';

export interface NoteSidePanelProps {
  isMarkdown: boolean;
  pinned: boolean;
  color: string;
  tags: string[];
  folder: string | null;
  readOnly: boolean;
  folders: FolderIndex;
  /** Stable setter (the editor's), so typing in the body does not re-render this panel. */
  set<K extends keyof NoteFormValues>(key: K, value: NoteFormValues[K]): void;
  onHelp(): void;
  /** Shown only for an existing note. */
  onDelete?: () => void;
  onAppend?: () => void;
}

/** The editor's side panel: markdown switch and help, pin, colour, tags, folder, append and delete. */
export const NoteSidePanel = memo(function NoteSidePanel({
  isMarkdown,
  pinned,
  color,
  tags,
  folder,
  readOnly,
  folders,
  set,
  onHelp,
  onDelete,
  onAppend,
}: NoteSidePanelProps) {
  const { t } = useLingui();
  const [picking, setPicking] = useState(false);
  return (
    <aside aria-label={t`Note options`} className="flex flex-col gap-3 lg:border-l lg:border-line lg:pl-6">
      <SwitchRow
        label={t`Markdown`}
        checked={isMarkdown}
        disabled={readOnly}
        onCheckedChange={(v) => set('isMarkdown', v)}
        end={<IconButton icon={mdiHelpCircleOutline} size="sm" label={t`Markdown help`} onClick={onHelp} />}
      />
      <SwitchRow label={t`Pin note`} checked={pinned} disabled={readOnly} onCheckedChange={(v) => set('pinned', v)} />
      <div className="flex min-h-11 items-center gap-3">
        <button
          type="button"
          disabled={readOnly}
          onClick={() => setPicking(true)}
          aria-label={t`Colour: ${color}`}
          className={cn('size-9 shrink-0 rounded-lg ring-1 ring-black/15 ring-inset disabled:opacity-70', focusRing)}
          style={{ backgroundColor: color }}
        />
        <span className="text-sm">
          <Trans>Colour</Trans>
        </span>
      </div>
      {readOnly ? (
        tags.length > 0 && <NoteTagChips ids={tags} />
      ) : (
        <NoteTagSelector value={tags} onChange={(ids) => set('tags', ids)} />
      )}
      <FolderSelector label={t`Folder`} value={folder} onChange={(v) => set('folder', v)} tree={folders.tree} disabled={readOnly} />
      {onAppend && !readOnly && (
        <Button variant="secondary" icon={mdiNotePlusOutline} onClick={onAppend}>
          <Trans>Append to note</Trans>
        </Button>
      )}
      {onDelete && (
        <Button variant="ghost" icon={mdiDeleteOutline} className="text-danger" onClick={onDelete}>
          <Trans>Delete note</Trans>
        </Button>
      )}
      <NoteColorPickerDialog open={picking} onOpenChange={setPicking} value={color} onSelect={(hex) => set('color', hex)} />
    </aside>
  );
});
