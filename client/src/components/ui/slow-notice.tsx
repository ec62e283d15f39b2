import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';

import { genericMessages } from '../../lib/messages';

/**
 * Nothing for `delayMs`, then the calm slow-load notice of SPEC section 8: shown where a lazy screen's chunk or a
 * first sync keeps the area blank for longer than it should, instead of an empty page. A polite status, no spinner.
 */
export function SlowNotice({ delayMs = 3000, className = 'py-10 text-center text-muted' }: { delayMs?: number; className?: string }) {
  const { i18n } = useLingui();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    // The live region is there from the start (so the message is announced) and takes no room until it speaks.
    <p role="status" aria-live="polite" data-testid="slow-notice" className={shown ? className : 'sr-only'}>
      {shown ? i18n._(genericMessages.slow) : null}
    </p>
  );
}
