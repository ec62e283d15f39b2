import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { applyUpdate, onUpdateReady } from './service-worker';

/** "Update ready" with a button to switch now; otherwise it happens at the next navigation. */
export function UpdatePrompt() {
  const [ready, setReady] = useState(false);
  useEffect(() => onUpdateReady(setReady), []);
  if (!ready) return null;
  return (
    <div role="status" className="fixed inset-x-0 bottom-[calc(var(--nav-h,0px)+1rem)] z-50 mx-auto flex w-fit items-center gap-3 rounded-full bg-ink px-4 py-2 text-sm text-surface shadow-lg">
      <Trans>A new version is ready.</Trans>
      <button type="button" onClick={applyUpdate} className="rounded-full bg-primary px-3 py-1 font-medium text-primary-contrast">
        <Trans>Update</Trans>
      </button>
    </div>
  );
}
