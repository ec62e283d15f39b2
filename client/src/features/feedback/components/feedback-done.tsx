import { Trans } from '@lingui/react/macro';
import { mdiCheckCircleOutline, mdiCloudClockOutline } from '@mdi/js';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { Button, buttonClass } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { useAuth } from '../../../session/auth-store';

/** After sending: thanks (or "saved, it goes when you are back online"), send another, back to the app. */
export function FeedbackDone({ saved, sentLater, onAgain }: { saved: boolean; sentLater: boolean; onAgain(): void }) {
  const { authenticated } = useAuth();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waiting = saved && !sentLater;
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface-2 px-6 py-10 text-center">
      <span className={waiting ? 'text-muted' : 'text-success'}>
        <Icon path={waiting ? mdiCloudClockOutline : mdiCheckCircleOutline} size={48} />
      </span>
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {waiting ? <Trans>Saved — it will be sent when you're back online</Trans> : <Trans>Thank you! Your feedback has been sent.</Trans>}
      </h2>
      <p className="max-w-md text-sm text-muted">
        {waiting ? (
          <Trans>You can close this page: the message waits on this device and goes out by itself.</Trans>
        ) : (
          <Trans>We read every message. It helps make the app calmer and more useful.</Trans>
        )}
      </p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={onAgain}>
          <Trans>Send another</Trans>
        </Button>
        <Link href={authenticated ? '/dashboard' : '/'} className={buttonClass('primary')}>
          {authenticated ? <Trans>Back to the app</Trans> : <Trans>Back to home</Trans>}
        </Link>
      </div>
    </div>
  );
}
