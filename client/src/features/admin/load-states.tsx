import { Trans, useLingui } from '@lingui/react/macro';
import { mdiCloudOffOutline } from '@mdi/js';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/screen';
import { messageForError } from '../../lib/messages';
import type { LoadState } from './use-admin-load';

/** What an admin screen shows while its data is not ready: a calm loading line, the offline state, or the error. */
export function LoadStates({ state, retry }: { state: LoadState<unknown>; retry: () => void }) {
  const { i18n } = useLingui();
  if (state.kind === 'loading') {
    return (
      <p className="text-sm text-muted" role="status">
        <Trans>Loading…</Trans>
      </p>
    );
  }
  if (state.kind === 'offline') {
    return (
      <EmptyState icon={mdiCloudOffOutline} iconColor="var(--color-muted)" title={<Trans>You are offline</Trans>} hint={<Trans>Admin pages need the server. Try again when you are back online.</Trans>}>
        <Button onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      </EmptyState>
    );
  }
  if (state.kind === 'failed') {
    return (
      <EmptyState title={i18n._(messageForError(state.error))} hint={<Trans>Nothing was changed.</Trans>}>
        <Button onClick={retry}>
          <Trans>Try again</Trans>
        </Button>
      </EmptyState>
    );
  }
  return null;
}
