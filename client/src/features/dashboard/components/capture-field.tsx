import { Trans, useLingui } from '@lingui/react/macro';
import { mdiCheck, mdiTrayArrowDown } from '@mdi/js';
import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { cn, fieldBox, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { useInboxActions } from '../../inbox';

/**
 * The capture field at the top of the dashboard: Enter stores the text in the inbox (a local write, offline
 * too), clears the field and keeps the focus for the next thought; a quiet "Saved to Inbox" with a link follows.
 */
export function CaptureField() {
  const { t } = useLingui();
  const actions = useInboxActions();
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(0);
  const [failed, setFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    const value = text.trim();
    if (!value) return;
    setText('');
    setFailed(false);
    actions.capture(value).then(
      () => setSaved((n) => n + 1),
      (err: unknown) => {
        console.error('Capture failed', err);
        setText(value);
        setFailed(true);
      },
    );
    input.current?.focus();
  };

  return (
    <div className="flex flex-col gap-1" data-testid="dashboard-capture">
      <div className="relative">
        <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center" style={{ color: 'var(--color-section-inbox)' }} aria-hidden>
          <Icon path={mdiTrayArrowDown} size={20} />
        </span>
        <input
          ref={input}
          type="text"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-label={t`Capture a thought`}
          aria-describedby="dashboard-capture-hint"
          placeholder={t`What's on your mind?`}
          maxLength={10_000}
          enterKeyHint="done"
          className={cn(fieldBox, 'h-12 pl-11 text-base')}
        />
      </div>
      <p id="dashboard-capture-hint" aria-live="polite" className="min-h-5 px-1 text-sm text-muted">
        {failed ? (
          <span role="alert" className="text-danger">
            <Trans>Couldn’t save that. Please try again.</Trans>
          </span>
        ) : saved > 0 ? (
          <span key={saved} className="inline-flex items-center gap-1">
            <Icon path={mdiCheck} size={16} className="text-success" />
            <Trans>Saved to Inbox</Trans>
            <span aria-hidden>·</span>
            <Link href="/inbox" className={cn('rounded font-medium text-primary underline-offset-2 hover:underline', focusRing)}>
              <Trans>Open Inbox</Trans>
            </Link>
          </span>
        ) : (
          <Trans>Enter saves it to the Inbox. Sort it out later.</Trans>
        )}
      </p>
    </div>
  );
}
