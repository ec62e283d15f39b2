import { useSyncExternalStore } from 'react';
import { request } from '../../lib/api';
import { pickVideo, type VideoManifest, type VideoPick } from './pick';

/**
 * Video mode's state (SPEC section 4 "Video mode", section 8 "Video"): the manifest, loaded once per page
 * when video mode is first enabled, and the video playing now. A failed load keeps the message
 * 'Failed to fetch manifest' (shown calmly in the debug corner and in Settings) until `retryManifest()`.
 */
export const MANIFEST_ERROR = 'Failed to fetch manifest';

export interface VideoState {
  manifest: 'idle' | 'loading' | 'loaded' | 'failed';
  videos: VideoManifest;
  error: string | null;
  current: VideoPick | null;
}

const INITIAL: VideoState = { manifest: 'idle', videos: {}, error: null, current: null };

export interface VideoStore {
  get(): VideoState;
  subscribe(listener: () => void): () => void;
  /** Loads the manifest unless it is loaded or loading; picks a first video. */
  load(): Promise<void>;
  /** Forgets a failure and loads again. */
  retry(): Promise<void>;
  /** Another video, avoiding the current one. */
  next(): void;
}

export function createVideoStore(fetchManifest: () => Promise<VideoManifest>, random: () => number = Math.random): VideoStore {
  let state = INITIAL;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<VideoState>) => {
    state = { ...state, ...patch };
    for (const l of [...listeners]) l();
  };
  const store: VideoStore = {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async load() {
      if (state.manifest !== 'idle') return;
      set({ manifest: 'loading', error: null });
      try {
        const videos = await fetchManifest();
        set({ manifest: 'loaded', videos, current: pickVideo(videos, null, random) });
      } catch {
        set({ manifest: 'failed', error: MANIFEST_ERROR });
      }
    },
    retry() {
      if (state.manifest === 'failed') set({ manifest: 'idle' });
      return store.load();
    },
    next() {
      if (state.manifest === 'loaded') set({ current: pickVideo(state.videos, state.current, random) });
    },
  };
  return store;
}

/** The app's store: the signed-in user's manifest from the server. */
export const videoStore = createVideoStore(() => request<VideoManifest>('/api/brainrot/manifest'));

export function useVideoState(): VideoState {
  return useSyncExternalStore(videoStore.subscribe, videoStore.get);
}
