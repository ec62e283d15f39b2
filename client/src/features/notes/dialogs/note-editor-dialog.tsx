import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs } from 'radix-ui';
import { useCallback, useId, useRef, useState } from 'react';
import { cn, focusRing } from '../../../components/ui/cn';
import { DeleteConfirmDialog, DialogForm, FormDialog } from '../../../components/ui/form-dialog';
import { TextArea } from '../../../components/ui/textarea';
import { TextField } from '../../../components/ui/text-field';
import type { FolderIndex } from '../components/bridges';
import { useNoteActions } from '../data/mutations';
import type { NoteItem } from '../data/queries';
import { defaultNoteValues, isNoteDirty, validateNote, valuesFromNote, type NoteFormValues } from '../logic/form';
import { LazyMarkdownPreview, PlainPreview } from '../../../lib/markdown/lazy-preview';
import { AppendToNoteDialog } from './append-to-note-dialog';
import { MarkdownCheatsheetDialog } from './markdown-cheatsheet-dialog';
import { NoteSidePanel } from './note-side-panel';

export type NoteEditorTarget = { mode: 'create'; folder: string | null } | { mode: 'view' | 'edit'; id: string };

export interface NoteEditorDialogProps {
  target: NoteEditorTarget;
  note?: NoteItem;
  folders: FolderIndex;
  onClose(): void;
  onModeChange(target: NoteEditorTarget): void;
  /** Create mode: values to start from (the inbox pre-fills title and content). */
  initial?: Partial<NoteFormValues>;
  /** Create mode: save through the owner instead of `note.create` (the inbox converts an item). */
  onSave?(values: NoteFormValues): Promise<void>;
}

const tabClass = cn(
  'min-h-11 rounded-md px-4 text-sm font-medium text-muted sm:min-h-9 data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm',
  focusRing,
);

/**
 * The note editor (SPEC section 2, 1200 px): view, edit and create; Edit and Preview tabs; title and a body
 * of 15 rows; the side panel. 'Title is required' is checked before 'Content is required'; a failed save keeps
 * the dialog open; closing with changes asks first.
 */
export function NoteEditorDialog({ target, note, folders, onClose, onModeChange, initial: start, onSave }: NoteEditorDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const actions = useNoteActions();
  const viewing = target.mode === 'view';
  const [initial] = useState<NoteFormValues>(() => (note ? valuesFromNote(note) : { ...defaultNoteValues(target.mode === 'create' ? target.folder : null), ...start }));
  const [values, setValues] = useState(initial);
  // The body is an uncontrolled textarea: a keystroke in a 100 KB note must not re-render the dialog. The text
  // lives in `bodyRef`; the preview takes a snapshot when its tab opens.
  const bodyRef = useRef(initial.content);
  const [previewText, setPreviewText] = useState(initial.content);
  const [tab, setTab] = useState<'edit' | 'preview'>(viewing ? 'preview' : 'edit');
  const [error, setError] = useState<'titleRequired' | 'contentRequired' | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [help, setHelp] = useState(false);
  const [appending, setAppending] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);

  const set = useCallback(<K extends keyof NoteFormValues>(key: K, value: NoteFormValues[K]) => setValues((v) => ({ ...v, [key]: value })), []);
  const current = (): NoteFormValues => ({ ...values, content: bodyRef.current });
  const isDirtyNow = () => !viewing && isNoteDirty(initial, current()) && !saving;
  const openHelp = useCallback(() => setHelp(true), []);
  const askDelete = useCallback(() => setConfirmDelete(true), []);
  const openAppend = useCallback(() => setAppending(true), []);

  const save = async () => {
    const values = current();
    const problem = validateNote(values);
    setError(problem);
    if (problem) {
      setTab('edit');
      requestAnimationFrame(() => (problem === 'titleRequired' ? titleRef.current : contentRef.current)?.focus());
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      if (target.mode === 'create' && onSave) await onSave({ ...values, title: values.title.trim() });
      else if (target.mode === 'create') await actions.create(values);
      else await actions.save(target.id, initial, values);
      onClose();
    } catch (err) {
      console.error('Note save failed', err);
      setSaveError(t`Couldn’t save the note. Please try again.`);
    } finally {
      setSaving(false);
    }
  };

  const title = target.mode === 'create' ? t`New note` : viewing ? note?.title || t`Note` : t`Edit note`;

  return (
    <FormDialog
      dirty={isDirtyNow}
      onClose={onClose}
      title={title}
      width={1200}
      data-testid="note-editor"
      viewing={viewing ? { onEdit: () => onModeChange({ mode: 'edit', id: (target as { id: string }).id }) } : undefined}
      // Save is not a submit button: the form is unmounted while the Preview tab shows, and Save works from both.
      onSave={() => void save()}
      saveDisabled={saving}
      saveError={saveError}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Tabs.Root
          value={tab}
          onValueChange={(v) => {
            if (v === 'preview') setPreviewText(bodyRef.current);
            setTab(v as 'edit' | 'preview');
          }}
          className="flex min-w-0 flex-col gap-3"
        >
          <Tabs.List aria-label={t`Editor view`} className="flex w-fit gap-1 rounded-lg bg-surface-2 p-1">
            <Tabs.Trigger value="edit" className={tabClass}>
              <Trans>Edit</Trans>
            </Tabs.Trigger>
            <Tabs.Trigger value="preview" className={tabClass}>
              <Trans>Preview</Trans>
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="edit" className="outline-none">
            <DialogForm id={formId} onSubmit={() => !viewing && void save()}>
              <TextField
                ref={titleRef}
                label={t`Title`}
                value={values.title}
                readOnly={viewing}
                required
                maxLength={500}
                autoFocus={!viewing}
                autoComplete="off"
                onChange={(e) => set('title', e.target.value)}
                error={error === 'titleRequired' ? t({ id: 'validation.titleRequired', message: 'Title is required' }) : undefined}
              />
              <TextArea
                ref={contentRef}
                label={t`Content`}
                rows={15}
                defaultValue={bodyRef.current}
                readOnly={viewing}
                required
                // The browser's spell checker re-checks the whole text as you type; long notes go without it.
                spellCheck={bodyRef.current.length < 20_000}
                className="font-mono text-sm"
                onChange={(e) => {
                  bodyRef.current = e.target.value;
                  // Switch the spell checker off once the text grows long (a paste), without a re-render.
                  if (e.target.value.length >= 20_000 && e.target.spellcheck) e.target.spellcheck = false;
                }}
                error={error === 'contentRequired' ? t({ id: 'validation.contentRequired', message: 'Content is required' }) : undefined}
              />
            </DialogForm>
          </Tabs.Content>
          <Tabs.Content value="preview" className="min-h-64 rounded-xl border border-line p-4 outline-none" data-testid="note-preview">
            <h2 className="mb-3 text-xl font-bold break-words">{values.title || <span className="text-muted">{t`Untitled note`}</span>}</h2>
            {previewText.trim() === '' ? (
              <p className="text-sm text-muted">
                <Trans>Nothing to preview yet.</Trans>
              </p>
            ) : values.isMarkdown ? (
              <LazyMarkdownPreview source={previewText} />
            ) : (
              <PlainPreview source={previewText} />
            )}
          </Tabs.Content>
        </Tabs.Root>
        <NoteSidePanel
          isMarkdown={values.isMarkdown}
          pinned={values.pinned}
          color={values.color}
          tags={values.tags}
          folder={values.folder}
          readOnly={viewing}
          folders={folders}
          set={set}
          onHelp={openHelp}
          onDelete={note ? askDelete : undefined}
          onAppend={openAppend}
        />
      </div>
      <MarkdownCheatsheetDialog open={help} onClose={() => setHelp(false)} />
      {appending && (
        <AppendToNoteDialog
          open
          text={bodyRef.current}
          exclude={note?._id}
          onClose={() => setAppending(false)}
          onAppended={() => {
            // The text now lives in the other note; this editor closes without saving its own copy.
            setAppending(false);
            onClose();
          }}
        />
      )}
      <DeleteConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t`Delete this note?`}
        message={t`This note will be deleted.`}
        errorText={t`Couldn’t delete the note. Please try again.`}
        what="Note"
        remove={() => actions.remove(note!._id)}
        onDeleted={onClose}
      />
    </FormDialog>
  );
}
