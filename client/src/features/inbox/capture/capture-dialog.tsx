import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useState, type KeyboardEvent, type Ref, type RefObject } from 'react';
import { IconButton } from '../../../components/ui/button';
import { cn, fieldBox } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { useInboxActions } from '../inbox-data';
import { readDraft, writeDraft } from './draft';
import { capturePending } from './pending';
import { START_ICONS } from '../../../components/ui/start-icons';

export interface CaptureDialogProps {
  open: boolean;
  userId: string;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
  onClose(): void;
}

/** Grow the field with its text, up to 40 % of the window (then it scrolls). */
function fit(el: HTMLTextAreaElement | null) {
  if (!el) return;
  if (el.value === '') {
    // One row: no layout to read (a forced layout of the whole page on every opening).
    el.style.height = '';
    return;
  }
  el.style.height = 'auto';
  el.style.height = `${Math.min(el.scrollHeight + 2, Math.round(window.innerHeight * 0.4))}px`;
}

/**
 * The quick-capture dialog: one growing text field. Enter stores the thought in the inbox at once (a local
 * write), clears the field and keeps it open for the next one; Shift+Enter is a new line; Escape closes. The
 * draft is saved on every keystroke. Always mounted (hidden while closed), so opening is one small render.
 */
export function CaptureDialog({ open, userId, fieldRef, onClose }: CaptureDialogProps) {
  const { t } = useLingui();
  const titleId = useId();
  const actions = useInboxActions();
  const [text, setText] = useState(() => readDraft(userId));
  const [saved, setSaved] = useState(0);
  const [failed, setFailed] = useState(false);

  // Closing ends this round's count. Nothing is set on opening: the opening render stays one small pass. (The
  // stored draft is read on mount only: right after Enter it may still hold the thought being written.)
  useEffect(() => {
    if (open) return;
    setSaved(0);
    setFailed(false);
  }, [open]);
  useLayoutEffect(() => fit(fieldRef.current), [text, open, fieldRef]);

  const change = (value: string) => {
    setText(value);
    writeDraft(userId, value);
    setFailed(false);
  };

  const store = () => {
    const thought = text.trim();
    if (!thought) return;
    // The stored draft stays until the write has landed: a reload in between restores it rather than lose it.
    setText('');
    setFailed(false);
    capturePending(thought, () => actions.capture(thought)).then(
      () => {
        setSaved((n) => n + 1);
        if (readDraft(userId).trim() === thought) writeDraft(userId, '');
      },
      (err: unknown) => {
        console.error('Capture failed', err);
        setText((current) => current || thought);
        writeDraft(userId, thought);
        setFailed(true);
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
    } else if (e.key === 'Tab') {
      // Two focusable things: keep the focus inside the dialog.
      const focusables = e.currentTarget.querySelectorAll<HTMLElement>('textarea, button');
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  };

  return (
    <div hidden={!open} className="fixed inset-0 z-[60]" data-testid="capture">
      <div aria-hidden className="absolute inset-0 bg-black/30 motion-safe:animate-[page-fade-in_100ms_ease-out]" onMouseDown={onClose} />
      <div
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="absolute inset-x-3 top-[12vh] mx-auto flex max-w-xl flex-col gap-2 rounded-2xl border border-line bg-surface p-4 text-ink shadow-2xl sm:inset-x-4"
      >
        <div className="flex items-center gap-2">
          <h2 id={titleId} className="flex-1 text-base font-semibold">
            <Trans>Capture a thought</Trans>
          </h2>
          <IconButton icon={START_ICONS.close} label={t`Close`} size="sm" className="-mr-2" onClick={onClose} />
        </div>
        <textarea
          ref={fieldRef as Ref<HTMLTextAreaElement>}
          aria-label={t`Thought`}
          placeholder={t`What’s on your mind?`}
          rows={1}
          value={text}
          maxLength={10_000}
          enterKeyHint="enter"
          className={cn(fieldBox, 'resize-none overflow-y-auto py-2 text-base leading-normal')}
          onChange={(e) => change(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              store();
            }
          }}
        />
        <div className="flex min-h-6 items-center gap-2 text-sm" aria-live="polite">
          {failed ? (
            <span role="alert" className="text-danger">
              <Trans>Couldn’t save it. Your text is still here; please try again.</Trans>
            </span>
          ) : saved > 0 ? (
            <span className="flex items-center gap-1.5 text-success" data-testid="capture-saved">
              <Icon path={START_ICONS.checkCircleOutline} size={18} />
              <Plural value={saved} one="Saved to inbox" other="Saved to inbox (# this time)" />
            </span>
          ) : (
            <span className="text-muted">
              <Trans>Enter saves · Shift+Enter for a new line · Esc closes</Trans>
            </span>
          )}
        </div>
      </div>
    </div>
  );
}
