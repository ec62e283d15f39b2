import { useSyncExternalStore } from 'react';
import { useAuth } from '../../session/auth-store';
import { useFeatureToggles } from '../../lib/feature-toggles';
import { saveVideoMode } from '../settings';

/**
 * Whether video mode is on here, and the debug corner's own state. Signed in, it is the account's
 * `brainrotEnabled` (Settings, or the debug corner's Enable/Disable through the same profile action); a visitor's
 * Enable/Disable holds for this browser session only. Either way the server's brainrot toggle must be on.
 * "Hide" (on the video or in the corner) hides the video for this session without changing the setting.
 */
interface LocalMode {
  /** A visitor's choice in the debug corner (null: never chosen, off). */
  visitorEnabled: boolean | null;
  /** The video was hidden for this session. */
  hidden: boolean;
  /** The debug corner is open. */
  corner: boolean;
}

const KEY = 'brainrot_session';

function read(): LocalMode {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Partial<LocalMode>;
    return { visitorEnabled: typeof stored.visitorEnabled === 'boolean' ? stored.visitorEnabled : null, hidden: stored.hidden === true, corner: false };
  } catch {
    return { visitorEnabled: null, hidden: false, corner: false };
  }
}

let local = read();
const listeners = new Set<() => void>();

function update(patch: Partial<LocalMode>) {
  local = { ...local, ...patch };
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ visitorEnabled: local.visitorEnabled, hidden: local.hidden }));
  } catch {
    /* storage blocked: the choice holds for this page */
  }
  for (const l of [...listeners]) l();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useLocalMode(): LocalMode {
  return useSyncExternalStore(subscribe, () => local);
}

export const toggleCorner = () => update({ corner: !local.corner });
export const closeCorner = () => update({ corner: false });
export const hideVideo = () => update({ hidden: true });

/** Enable or Disable: the account's setting when signed in (sent when online), this session's otherwise. */
export function setVideoMode(on: boolean, signedIn: boolean): void {
  update({ hidden: false, ...(signedIn ? {} : { visitorEnabled: on }) });
  if (signedIn) void saveVideoMode(on);
}

export interface VideoMode {
  /** The user (or visitor) chose video mode. */
  chosen: boolean;
  /** The server's brainrot toggle. */
  allowed: boolean;
  /** Chosen, allowed and not hidden: the video shows. */
  showing: boolean;
  hidden: boolean;
  signedIn: boolean;
  corner: boolean;
}

export function useVideoMode(): VideoMode {
  const { authenticated, user } = useAuth();
  const allowed = useFeatureToggles().brainrot;
  const mode = useLocalMode();
  const signedIn = authenticated && !!user;
  const chosen = signedIn ? user.brainrotEnabled : mode.visitorEnabled === true;
  return { chosen, allowed, showing: chosen && allowed && !mode.hidden, hidden: mode.hidden, signedIn, corner: mode.corner };
}
