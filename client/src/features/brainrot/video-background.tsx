import { useLingui } from '@lingui/react/macro';
import { mdiClose, mdiPlay, mdiSkipNext } from '@mdi/js';
import { useEffect, useRef, useState } from 'react';
import { cn, focusRing } from '../../components/ui/cn';
import { Icon } from '../../components/ui/icon';
import { useMediaQuery } from '../../components/ui/use-media-query';
import { hideVideo } from './mode';
import { categoryDisplayName, videoUrl } from './pick';
import { useVideoState, videoStore } from './store';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** Phones (SPEC section 9: below 600 px) get a slim strip above the bottom bar; wider screens a corner panel. */
const NARROW = '(max-width: 599.98px)';

/**
 * The looping, muted background video of video mode. It sits in its own space, never over the page: on wide screens
 * a small panel in the bottom-right corner above the capture button (the page keeps a margin for it), on phones a
 * slim strip above the bottom bar (the page keeps room below). `html.video-on` (styles.css) makes that room. With
 * `prefers-reduced-motion: reduce` nothing plays until the play button is pressed.
 */
export function VideoBackground() {
  const { t } = useLingui();
  const state = useVideoState();
  const reduced = useMediaQuery(REDUCED_MOTION);
  const narrow = useMediaQuery(NARROW);
  const video = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(reduced);

  useEffect(() => void videoStore.load(), []);
  const showing = state.current !== null;
  useEffect(() => {
    if (!showing) return;
    const root = document.documentElement;
    root.classList.add('video-on');
    return () => root.classList.remove('video-on');
  }, [showing]);
  // A new video under reduced motion waits for the play button again.
  useEffect(() => setPaused(reduced), [reduced, state.current]);

  const current = state.current;
  if (!current) return null;
  const label = categoryDisplayName(current.category);
  const play = () => {
    setPaused(false);
    void video.current?.play().catch(() => setPaused(true));
  };
  // Over the video (panel) the controls are dark glass; in the phone strip they sit on the page's own surface.
  const control = cn(
    'flex size-9 items-center justify-center rounded-full',
    narrow ? 'bg-surface-2 text-ink hover:bg-line' : 'bg-black/60 text-white hover:bg-black/80',
    focusRing,
  );

  return (
    <aside
      aria-label={t`Video mode`}
      data-video-mode={narrow ? 'strip' : 'panel'}
      className={cn(
        'fixed z-10 overflow-hidden border-line shadow-lg',
        narrow ? 'inset-x-0 bottom-[var(--video-base)] flex h-20 items-center gap-2 border-t bg-surface pr-3' : 'bottom-[5.5rem] right-4 w-40 rounded-xl border bg-black',
      )}
    >
      <div className={cn('relative shrink-0 bg-black', narrow ? 'h-full w-16' : 'aspect-[9/16] w-full')}>
        <video
          ref={video}
          key={videoUrl(current)}
          src={videoUrl(current)}
          muted
          loop
          playsInline
          autoPlay={!reduced}
          preload={reduced ? 'metadata' : 'auto'}
          aria-hidden
          tabIndex={-1}
          className="size-full object-cover"
        />
        {reduced && paused && (
          <button type="button" onClick={play} aria-label={t`Play video`} className={cn(control, 'absolute inset-0 m-auto')}>
            <Icon path={mdiPlay} />
          </button>
        )}
      </div>
      <div className={cn('flex items-center gap-1.5', narrow ? 'min-w-0 flex-1' : 'absolute inset-x-0 top-0 justify-end bg-gradient-to-b from-black/60 to-transparent p-1.5')}>
        <span className={cn('truncate text-xs', narrow ? 'flex-1 text-sm text-muted' : 'mr-auto pl-1 text-white')} title={label}>
          {label}
        </span>
        <button type="button" onClick={() => videoStore.next()} aria-label={t`Next video`} title={t`Next video`} className={control}>
          <Icon path={mdiSkipNext} />
        </button>
        <button type="button" onClick={hideVideo} aria-label={t`Hide video`} title={t`Hide video`} className={control}>
          <Icon path={mdiClose} />
        </button>
      </div>
    </aside>
  );
}
