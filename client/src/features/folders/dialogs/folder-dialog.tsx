import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn, focusRing } from '../../../components/ui/cn';
import { DeleteConfirmDialog, DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { Icon } from '../../../components/ui/icon';
import { TextField } from '../../../components/ui/text-field';
import { FolderSelector } from '../components/folder-selector';
import { FOLDER_ICONS, folderColor, folderIconPath } from '../components/folder-icons';
import { FolderColorPickerDialog, FolderTagChips, FolderTagSelector } from '../components/tags-bridge';
import { useFolderActions, type FolderInput } from '../data/mutations';
import type { FolderIndex } from '../data/queries';
import { ChoiceButton } from '../../../components/ui/choice';

export type FolderDialogTarget = { mode: 'create'; parent: string | null } | { mode: 'view' | 'edit'; id: string };

export interface FolderDialogProps {
  target: FolderDialogTarget;
  index: FolderIndex;
  onClose(): void;
  onModeChange(target: FolderDialogTarget): void;
}

const empty = (parent: string | null): FolderInput => ({ name: '', icon: 'mdi-folder', color: null, parentFolder: parent, tags: [] });

/** The folder dialog (SPEC section 2): view, create and edit; 'Folder name is required'; delete asks first. */
export function FolderDialog({ target, index, onClose, onModeChange }: FolderDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const actions = useFolderActions();
  const existing = target.mode === 'create' ? undefined : index.byId.get(target.id);
  const [initial] = useState<FolderInput>(() => {
    if (!existing) return empty(target.mode === 'create' ? target.parent : null);
    const { _id: _, ...rest } = existing;
    return rest;
  });
  const [values, setValues] = useState(initial);
  const [showError, setShowError] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [picking, setPicking] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const viewing = target.mode === 'view';
  const set = <K extends keyof FolderInput>(k: K, v: FolderInput[K]) => setValues((old) => ({ ...old, [k]: v }));
  const nameMissing = values.name.trim() === '';
  const dirty = !viewing && JSON.stringify(initial) !== JSON.stringify(values);

  if (target.mode !== 'create' && !existing) return null;

  const save = async () => {
    if (nameMissing) {
      setShowError(true);
      nameRef.current?.focus();
      return;
    }
    setSaveError(null);
    try {
      const clean = { ...values, name: values.name.trim() };
      if (target.mode === 'create') await actions.create(clean);
      else await actions.update(target.id, initial, clean);
      onClose();
    } catch (err) {
      console.error('Folder save failed', err);
      const code = (err as { code?: unknown } | null)?.code;
      setSaveError(code === 'CYCLE' ? t`A folder can’t be moved into itself or one of its subfolders.` : t`Couldn’t save the folder. Please try again.`);
    }
  };

  const parentName = values.parentFolder ? index.byId.get(values.parentFolder)?.name : null;
  const title = target.mode === 'create' ? t`New folder` : viewing ? values.name : t`Edit folder`;
  const viewActions = { onEdit: () => onModeChange({ mode: 'edit', id: existing!._id }), onDelete: () => setConfirmDelete(true) };

  return (
    <FormDialog
      dirty={dirty}
      onClose={onClose}
      title={title}
      data-testid="folder-dialog"
      viewing={viewing ? viewActions : undefined}
      formId={formId}
      saveError={saveError}
    >
      {viewing ? (
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-3 text-sm">
          <dt className="text-muted">
            <Trans>Icon</Trans>
          </dt>
          <dd style={{ color: folderColor(values.color) }}>
            <Icon path={folderIconPath(values.icon)} size={24} />
          </dd>
          <dt className="text-muted">
            <Trans>Parent folder</Trans>
          </dt>
          <dd>{parentName ?? t`Root Level`}</dd>
          <dt className="text-muted">
            <Trans>Tags</Trans>
          </dt>
          <dd>{values.tags.length ? <FolderTagChips ids={values.tags} /> : <span className="text-muted">—</span>}</dd>
        </dl>
      ) : (
        <DialogForm id={formId} onSubmit={() => void save()}>
          <TextField
            ref={nameRef}
            label={t`Folder name`}
            value={values.name}
            required
            autoFocus
            maxLength={200}
            autoComplete="off"
            onChange={(e) => set('name', e.target.value)}
            error={showError && nameMissing ? t({ id: 'validation.folderNameRequired', message: 'Folder name is required' }) : undefined}
          />
          <FolderSelector
            label={t`Parent folder`}
            value={values.parentFolder}
            onChange={(v) => set('parentFolder', v)}
            tree={index.tree}
            exclude={target.mode === 'create' ? null : target.id}
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">
              <Trans>Icon</Trans>
            </legend>
            <div role="radiogroup" aria-label={t`Icon`} className="grid grid-cols-6 gap-2">
              {Object.entries(FOLDER_ICONS).map(([name, path]) => (
                <ChoiceButton
                  key={name}
                  choiceRole="radio"
                  selected={values.icon === name}
                  aria-label={name.replace('mdi-', '')}
                  onClick={() => set('icon', name)}
                  style={{ color: folderColor(values.color) }}
                  className="grid h-11 place-items-center rounded-lg border sm:h-10"
                >
                  <Icon path={path} size={22} />
                </ChoiceButton>
              ))}
            </div>
          </fieldset>
          <div className="flex items-center gap-3">
            <span className="text-sm font-medium">
              <Trans>Colour</Trans>
            </span>
            <button
              type="button"
              onClick={() => setPicking(true)}
              aria-label={t`Choose a colour`}
              className={cn('size-9 rounded-lg ring-1 ring-black/15 ring-inset', focusRing)}
              style={{ backgroundColor: values.color ?? 'var(--color-section-folders)' }}
            />
            {values.color && (
              <Button size="sm" variant="ghost" onClick={() => set('color', null)}>
                <Trans>Default colour</Trans>
              </Button>
            )}
          </div>
          <FolderTagSelector value={values.tags} onChange={(ids) => set('tags', ids)} />
        </DialogForm>
      )}
      <FolderColorPickerDialog open={picking} onOpenChange={setPicking} value={values.color ?? undefined} onSelect={(hex) => set('color', hex)} />
      <DeleteConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t`Delete this folder?`}
        message={t`Its notes and subfolders move up one level. No note is deleted.`}
        errorText={t`Failed to delete folder`}
        what="Folder"
        remove={() => actions.remove(existing!._id)}
        onDeleted={onClose}
      />
    </FormDialog>
  );
}
