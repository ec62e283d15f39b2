import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { TextField } from '../../components/ui/text-field';
import { TextArea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { useFeatureToggles } from '../../lib/feature-toggles';
import { hasPendingFeedback } from '../../lib/feedback-outbox-flag';
import { useAuth } from '../../session/auth-store';
import { FeedbackDone } from './components/feedback-done';
import { IMAGE_ACCEPT, ScreenshotPicker } from './components/screenshot-picker';
import { TypePicker } from './components/type-picker';
import { feedbackFieldMessage, feedbackMessages } from './data/messages';
import { onOutboxSent, resumeFeedbackOutbox, submitFeedback } from './data/send';
import { checkFeedback, checkFiles, FIELD_ORDER, problemsFromDetails, type FeedbackDraft, type FeedbackField, type FeedbackProblems } from './data/validation';

const EMPTY: FeedbackDraft = { name: '', email: '', type: '', message: '' };

/** The feedback form (/feedback) for visitors and users: it sends now, or keeps the message until back online. */
export function FeedbackScreen() {
  const { t, i18n } = useLingui();
  const { user } = useAuth();
  const toggles = useFeatureToggles();
  const [draft, setDraft] = useState<FeedbackDraft>(() => ({ ...EMPTY, name: user?.name ?? '', email: user?.email ?? '' }));
  const [files, setFiles] = useState<File[]>([]);
  const [problems, setProblems] = useState<FeedbackProblems>({});
  const [alert, setAlert] = useState<MessageDescriptor | null>(null);
  const [state, setState] = useState<'form' | 'busy' | 'sent' | 'saved' | 'disabled'>('form');
  const [sentLater, setSentLater] = useState(false);
  const refs = useRef<Partial<Record<FeedbackField, HTMLElement | null>>>({});

  // The signed-in user's name and email fill empty fields once the session is known.
  useEffect(() => {
    if (user) setDraft((d) => ({ ...d, name: d.name || user.name, email: d.email || user.email }));
  }, [user]);

  useEffect(() => {
    const off = onOutboxSent(() => setSentLater(true));
    if (hasPendingFeedback()) resumeFeedbackOutbox();
    return off;
  }, []);

  if (!toggles.feedback || state === 'disabled') {
    return (
      <Frame>
        <FormAlert tone="info">{i18n._(feedbackMessages.disabled)}</FormAlert>
      </Frame>
    );
  }
  if (state === 'sent' || state === 'saved') {
    return (
      <Frame>
        <FeedbackDone
          saved={state === 'saved'}
          sentLater={sentLater}
          onAgain={() => {
            setDraft((d) => ({ ...EMPTY, name: d.name, email: d.email }));
            setFiles([]);
            setSentLater(false);
            setState('form');
          }}
        />
      </Frame>
    );
  }

  const errorOf = (field: FeedbackField) => (problems[field] ? i18n._(feedbackFieldMessage(problems[field])) : null);
  const set = (field: keyof FeedbackDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setProblems(({ [field]: _gone, ...rest }) => rest);
  };
  const show = (next: FeedbackProblems) => {
    setProblems(next);
    const first = FIELD_ORDER.find((f) => next[f]);
    if (first) refs.current[first]?.focus();
    return !first;
  };
  const changeFiles = (next: File[]) => {
    setFiles(next);
    setProblems(({ screenshots: _gone, ...rest }) => (checkFiles(next) ? { ...rest, screenshots: checkFiles(next)! } : rest));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setAlert(null);
    if (!show(checkFeedback(draft, files))) return;
    setState('busy');
    try {
      const stored = await Promise.all(files.map(async (f) => ({ name: f.name, type: f.type, bytes: await f.arrayBuffer() })));
      setState(await submitFeedback(draft, stored));
    } catch (err) {
      setState('form');
      if (err instanceof ApiError && err.code === 'FEATURE_DISABLED') return setState('disabled');
      if (err instanceof ApiError && err.status === 429) return setAlert(feedbackMessages.tooMany);
      if (err instanceof ApiError && err.details.length) show(problemsFromDetails(err.details));
      setAlert(feedbackMessages.failed);
    }
  }

  // A pasted image (a screenshot on the clipboard) joins the screenshots.
  const paste = (e: ClipboardEvent) => {
    const images = [...e.clipboardData.files].filter((f) => IMAGE_ACCEPT.split(',').includes(f.type));
    if (!images.length) return;
    e.preventDefault();
    changeFiles([...files, ...images]);
  };

  return (
    <Frame>
      {alert && (
        <div className="mb-4">
          <FormAlert>{i18n._(alert)}</FormAlert>
        </div>
      )}
      <form noValidate onSubmit={submit} onPaste={paste} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Name`}
            name="name"
            autoComplete="name"
            value={draft.name}
            ref={(el) => void (refs.current.name = el)}
            error={errorOf('name')}
            onChange={(e) => set('name')(e.target.value)}
          />
          <TextField
            label={t`Email`}
            name="email"
            type="email"
            autoComplete="email"
            value={draft.email}
            ref={(el) => void (refs.current.email = el)}
            error={errorOf('email')}
            onChange={(e) => set('email')(e.target.value)}
          />
        </div>
        <TypePicker value={draft.type} onChange={set('type')} error={errorOf('type')} ref={(el) => void (refs.current.type = el)} />
        <TextArea
          label={t`Message`}
          name="message"
          rows={6}
          value={draft.message}
          ref={(el) => void (refs.current.message = el)}
          error={errorOf('message')}
          placeholder={t`What happened, or what would help you?`}
          onChange={(e) => set('message')(e.target.value)}
        />
        <ScreenshotPicker files={files} onChange={changeFiles} error={errorOf('screenshots')} />
        <Button type="submit" variant="primary" className="w-full sm:w-auto" busy={state === 'busy'} busyLabel={t`Sending…`}>
          <Trans>Send feedback</Trans>
        </Button>
      </form>
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-2xl py-2 sm:py-6" aria-labelledby="feedback-title">
      <h1 id="feedback-title" className="text-2xl font-semibold text-ink">
        <Trans>Send feedback</Trans>
      </h1>
      <p className="mt-2 text-muted">
        <Trans>Found a bug or have an idea? Tell us — every message is read.</Trans>
      </p>
      <div className="mt-6">{children}</div>
    </section>
  );
}
