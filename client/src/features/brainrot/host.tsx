import { lazy, Suspense, useEffect } from 'react';
import { toggleCorner, useVideoMode } from './mode';

const VideoBackground = lazy(() => import('./video-background').then((m) => ({ default: m.VideoBackground })));
const DebugCorner = lazy(() => import('./debug-corner').then((m) => ({ default: m.DebugCorner })));

/** Ctrl+Alt+D anywhere (CONTRACT.md keyboard): the hidden debug corner. `code`, so any keyboard layout works. */
export function isDebugShortcut(event: Pick<KeyboardEvent, 'ctrlKey' | 'altKey' | 'metaKey' | 'code'>): boolean {
  return event.ctrlKey && event.altKey && !event.metaKey && event.code === 'KeyD';
}

/**
 * Mounted by the layout (loaded after the first screen): the video while video mode shows, and the debug corner
 * while it is open. Both load only when needed.
 */
export function BrainrotHost() {
  const mode = useVideoMode();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isDebugShortcut(event)) return;
      event.preventDefault();
      toggleCorner();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Suspense fallback={null}>
      {mode.showing && <VideoBackground />}
      {mode.corner && <DebugCorner mode={mode} />}
    </Suspense>
  );
}
