import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { closeCorner, setVideoMode, type VideoMode } from './mode';
import { categoryCounts, categoryDisplayName } from './pick';
import { useVideoState, videoStore } from './store';

/**
 * The hidden debug corner (SPEC section 2; Ctrl+Alt+D): the video feature's state (chosen, the server's toggle,
 * the manifest, its categories and counts, the video playing) with Enable, Disable and Hide. Escape closes it.
 */
export function DebugCorner({ mode }: { mode: VideoMode }) {
  const { t } = useLingui();
  const state = useVideoState();
  // Opening the corner with video mode on loads the manifest, so its state is there to read.
  useEffect(() => {
    if (mode.chosen && mode.allowed) void videoStore.load();
  }, [mode.chosen, mode.allowed]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeCorner();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const yes = t`yes`;
  const no = t`no`;
  const manifest = {
    idle: t`not loaded`,
    loading: t`loading…`,
    loaded: t`loaded`,
    failed: state.error ?? t`failed`,
  }[state.manifest];
  const counts = categoryCounts(state.videos);

  return (
    <section
      aria-labelledby="debug-corner-title"
      data-testid="debug-corner"
      className="fixed right-2 top-2 z-50 w-80 max-w-[calc(100vw-1rem)] rounded-xl border border-line bg-surface p-3 text-sm text-ink shadow-xl"
    >
      <h2 id="debug-corner-title" className="mb-2 font-semibold text-[var(--color-section-brainrot)]">
        <Trans>Debug corner: video mode</Trans>
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <Row label={<Trans>Enabled</Trans>}>{mode.chosen ? yes : no}</Row>
        <Row label={<Trans>Allowed on this server</Trans>}>{mode.allowed ? yes : no}</Row>
        <Row label={<Trans>Hidden this session</Trans>}>{mode.hidden ? yes : no}</Row>
        <Row label={<Trans>Manifest</Trans>}>
          <span className={state.manifest === 'failed' ? 'text-muted' : undefined}>{manifest}</span>
        </Row>
        <Row label={<Trans>Categories</Trans>}>
          {counts.length === 0 ? (
            '—'
          ) : (
            <ul>
              {counts.map((c) => (
                <li key={c.category}>
                  {categoryDisplayName(c.category)}: {c.count}
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label={<Trans>Current video</Trans>}>
          <span className="break-all">{state.current ? `${categoryDisplayName(state.current.category)} / ${state.current.file}` : '—'}</span>
        </Row>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="primary" onClick={() => setVideoMode(true, mode.signedIn)} disabled={mode.chosen && !mode.hidden}>
          <Trans>Enable</Trans>
        </Button>
        <Button size="sm" onClick={() => setVideoMode(false, mode.signedIn)} disabled={!mode.chosen}>
          <Trans>Disable</Trans>
        </Button>
        {state.manifest === 'failed' && (
          <Button size="sm" variant="ghost" onClick={() => void videoStore.retry()}>
            <Trans>Retry</Trans>
          </Button>
        )}
        <Button size="sm" variant="ghost" className="ml-auto" onClick={closeCorner}>
          <Trans>Hide</Trans>
        </Button>
      </div>
    </section>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}
