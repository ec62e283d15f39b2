import { Trans } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { useInboxActions } from './inbox-data';

/** The text of a Web Share Target visit: title, text and url, one per line, blanks left out. */
export function sharedText(params: URLSearchParams): string {
  return ['title', 'text', 'url']
    .map((key) => (params.get(key) ?? '').trim())
    .filter((part, i, all) => part !== '' && all.indexOf(part) === i)
    .join('\n');
}

/**
 * /inbox/share, the PWA's Web Share Target (GET): stores what another app shared as one inbox item at once (a
 * local write, so offline too: the service worker serves the app shell) and moves on to /inbox?id={id}.
 */
export function InboxShareScreen() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const actions = useInboxActions();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const text = sharedText(params);
    if (!text) {
      navigate('/inbox', { replace: true });
      return;
    }
    actions.capture(text, 'share').then(
      (id) => navigate(`/inbox?id=${encodeURIComponent(id)}`, { replace: true }),
      (err: unknown) => {
        console.error('Storing the shared text failed', err);
        setFailed(true);
      },
    );
  }, [params, actions, navigate]);

  return failed ? (
    <p role="alert" className="text-danger">
      <Trans>Couldn’t save what you shared. Please try again.</Trans>
    </p>
  ) : null;
}
