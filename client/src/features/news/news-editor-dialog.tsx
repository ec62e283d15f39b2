import { Trans, useLingui } from '@lingui/react/macro';
import { slugify } from '@adhd/shared/news/display-path';
import { DISPLAY_PATH_RE, type AdminNewsItem, type NewsLanguage } from '@adhd/shared/news/schema';
import { Switch, Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { SegmentedControl } from '../../components/ui/choice';
import { cn, focusRing } from '../../components/ui/cn';
import { DialogForm, FormDialog } from '../../components/ui/form-dialog';
import { TextArea } from '../../components/ui/textarea';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { LazyMarkdownPreview } from '../../lib/markdown/lazy-preview';
import { messageForError } from '../../lib/messages';
import { createNews, updateNews, type NewsDraft } from './api';
import { fieldErrors, fieldMessage, type NewsFieldErrors } from './field-messages';

const tabClass = cn(
  'min-h-11 rounded-md px-4 text-sm font-medium text-muted sm:min-h-9 data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm',
  focusRing,
);

export interface NewsEditorDialogProps {
  /** The item to edit; absent for a new one (in `language`). */
  item?: AdminNewsItem;
  language: NewsLanguage;
  onClose(): void;
  onSaved(item: AdminNewsItem): void;
}

const draftOf = (item: AdminNewsItem | undefined, language: NewsLanguage): NewsDraft =>
  item
    ? { title: item.title, content: item.content, language: item.language, displayPath: item.displayPath, customLayout: item.customLayout }
    : { title: '', content: '', language, displayPath: '', customLayout: false };

/** Checks the server would make, before sending (the first problem of each field). */
function localErrors(draft: NewsDraft): NewsFieldErrors {
  const out: NewsFieldErrors = {};
  if (!draft.title.trim()) out.title = fieldMessage('validation.titleRequired');
  if (!draft.content.trim()) out.content = fieldMessage('validation.contentRequired');
  if (draft.displayPath && !DISPLAY_PATH_RE.test(draft.displayPath)) out.displayPath = fieldMessage('news.displayPathInvalid');
  return out;
}

/**
 * Write or edit a news item: title, language, display path (empty: made from the title), full-width layout,
 * and the Markdown text with Edit and Preview tabs. A path another item of the language has is shown at the field.
 */
export function NewsEditorDialog({ item, language, onClose, onSaved }: NewsEditorDialogProps) {
  const { t } = useLingui();
  const formId = useId();
  const switchId = useId();
  const [initial] = useState(() => draftOf(item, language));
  const [draft, setDraft] = useState(initial);
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [errors, setErrors] = useState<NewsFieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof NewsDraft>(key: K, value: NewsDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);

  async function save() {
    const local = localErrors(draft);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      if (local.title || local.content) setTab('edit');
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const body = { ...draft, title: draft.title.trim() };
      onSaved(item ? await updateNews(item._id, body) : await createNews(body));
    } catch (err) {
      const byField = err instanceof ApiError ? fieldErrors(err.details) : {};
      if (Object.keys(byField).length > 0) {
        setErrors(byField);
        setTab('edit');
      } else setSaveError(t(messageForError(err)));
    } finally {
      setSaving(false);
    }
  }

  const path = draft.displayPath || slugify(draft.title);
  const error = (field: keyof NewsFieldErrors) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <FormDialog
      title={item ? t`Edit news` : t`New news item`}
      width={700}
      dirty={dirty}
      onClose={onClose}
      onSave={() => void save()}
      saveDisabled={saving}
      saveError={saveError}
      data-testid="news-editor"
    >
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as 'edit' | 'preview')} className="flex min-w-0 flex-col gap-3">
        <Tabs.List aria-label={t`Editor view`} className="flex w-fit gap-1 rounded-lg bg-surface-2 p-1">
          <Tabs.Trigger value="edit" className={tabClass}>
            <Trans>Edit</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="preview" className={tabClass}>
            <Trans>Preview</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="edit" className="outline-none">
          <DialogForm id={formId} onSubmit={() => void save()}>
            <TextField label={t`Title`} value={draft.title} required maxLength={300} autoComplete="off" autoFocus onChange={(e) => set('title', e.target.value)} error={error('title')} />
            <div className="flex flex-col gap-1.5">
              <span aria-hidden className="text-sm font-medium">
                <Trans>Language</Trans>
              </span>
              <div className="w-fit">
                <SegmentedControl
                  label={t`Language`}
                  value={draft.language}
                  buttonClassName="px-4"
                  options={[
                    { value: 'en', label: 'English' },
                    { value: 'ru', label: 'Русский' },
                  ]}
                  onChange={(v) => set('language', v)}
                />
              </div>
            </div>
            <TextField
              label={t`Address`}
              value={draft.displayPath}
              maxLength={120}
              autoComplete="off"
              spellCheck={false}
              placeholder={slugify(draft.title)}
              onChange={(e) => set('displayPath', e.target.value)}
              error={error('displayPath')}
              hint={
                <Trans>
                  Lowercase letters a-z, digits and dashes; empty makes one from the title. The page: /news/{draft.language}/{path}
                </Trans>
              }
            />
            <div className="flex items-center justify-between gap-3">
              <label htmlFor={switchId} className="text-sm">
                <span className="font-medium">
                  <Trans>Full-width page</Trans>
                </span>
                <span className="block text-muted">
                  <Trans>Shows the item across the whole page, without the card and the back link.</Trans>
                </span>
              </label>
              <Switch.Root
                id={switchId}
                checked={draft.customLayout}
                onCheckedChange={(v) => set('customLayout', v)}
                className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-line transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-[state=checked]:bg-primary"
              >
                <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
              </Switch.Root>
            </div>
            <TextArea
              label={t`Text (Markdown)`}
              rows={12}
              value={draft.content}
              required
              className="font-mono text-sm"
              onChange={(e) => set('content', e.target.value)}
              error={error('content')}
            />
          </DialogForm>
        </Tabs.Content>
        <Tabs.Content value="preview" className="min-h-64 rounded-xl border border-line p-4 outline-none" data-testid="news-preview">
          <h2 className="mb-3 text-xl font-bold break-words">{draft.title || <span className="text-muted">{t`Untitled`}</span>}</h2>
          {draft.content.trim() === '' ? (
            <p className="text-sm text-muted">
              <Trans>Nothing to preview yet.</Trans>
            </p>
          ) : (
            <LazyMarkdownPreview source={draft.content} />
          )}
        </Tabs.Content>
      </Tabs.Root>
    </FormDialog>
  );
}
