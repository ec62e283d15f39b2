import { Trans } from '@lingui/react/macro';
import { Button } from '../../components/ui/button';
import { useVideoState, videoStore } from './store';

/** Under the Settings switch: a calm note when the manifest could not be loaded, with a retry. */
export function VideoModeNotice() {
  const state = useVideoState();
  if (state.manifest !== 'failed') return null;
  const error = state.error;
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 px-1 pt-2 text-sm text-muted">
      <Trans>The video list could not be loaded ({error}). Your work is not affected.</Trans>
      <Button size="sm" variant="ghost" onClick={() => void videoStore.retry()}>
        <Trans>Try again</Trans>
      </Button>
    </p>
  );
}
