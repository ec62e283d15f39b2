import { Trans } from '@lingui/react/macro';
import type { UpgradeState } from '../db/upgrade';

/**
 * "A newer version of the app is open in another tab": this tab's local database was closed for that tab's
 * upgrade (db/upgrade.ts), so its writes would fail; one button reloads it into the new version.
 */
export function DbUpgradeNotice({ state }: { state: Exclude<UpgradeState, 'none'> }) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--nav-h,0px)+1rem)] z-[90] flex justify-center px-4">
      <div
        role="alert"
        data-testid="db-upgrade-notice"
        className="pointer-events-auto flex max-w-md flex-wrap items-center gap-3 rounded-2xl bg-ink px-4 py-3 text-sm text-surface shadow-xl"
      >
        <p className="min-w-0 flex-1">
          {state === 'outdated' ? (
            <Trans>A new version of the app is open in another tab. Reload this tab to keep working.</Trans>
          ) : (
            <Trans>An older version of the app is open in another tab. Reload or close that tab to continue.</Trans>
          )}
        </p>
        <button type="button" onClick={() => window.location.reload()} className="rounded-full bg-primary px-4 py-1.5 font-medium text-primary-contrast">
          <Trans>Reload</Trans>
        </button>
      </div>
    </div>
  );
}
