import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { GoogleSignInConfig } from '@adhd/shared/google/types';
import { getGoogleConfig, loadGoogleIdentity } from './google-identity';

export type GoogleButtonText = 'continue_with' | 'signin_with' | 'signup_with';

/** The widest Google allows for its button; it follows the container up to this. */
const MAX_WIDTH = 400;

/**
 * Google's own "Continue with Google" button (Google Identity Services renders it into our element). It first asks
 * the server whether Google sign-in is offered; only then is the GIS script loaded. When it is not offered, or
 * anything fails (offline, the script blocked), the button is simply not there: nothing to explain, nothing to
 * wait for. `onCredential` receives the ID token Google hands over.
 */
export function GoogleButton({
  text,
  onCredential,
  onShown,
  config,
  className,
}: {
  text: GoogleButtonText;
  onCredential: (credential: string) => void;
  /** Called once Google's button is on screen (a caller may then show what goes with it). */
  onShown?: () => void;
  /** The server's answer when the caller already has it (else the button asks). */
  config?: GoogleSignInConfig;
  className?: string;
}) {
  const { i18n } = useLingui();
  const dark = document.documentElement.classList.contains('dark');
  const slot = useRef<HTMLDivElement>(null);
  const given = config;
  const latest = useRef({ onCredential, onShown });
  latest.current = { onCredential, onShown };
  const [shown, setShown] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      const { available, clientId } = given ?? (await getGoogleConfig());
      if (!live || !available || !clientId) return;
      const id = await loadGoogleIdentity().catch(() => null);
      const parent = slot.current;
      if (!live || !id || !parent) return;
      id.initialize({
        client_id: clientId,
        callback: (response) => {
          if (response.credential) latest.current.onCredential(response.credential);
        },
        ux_mode: 'popup',
        auto_select: false,
      });
      parent.replaceChildren();
      id.renderButton(parent, {
        type: 'standard',
        theme: dark ? 'filled_black' : 'outline',
        size: 'large',
        text,
        shape: 'pill',
        logo_alignment: 'center',
        width: Math.min(MAX_WIDTH, Math.max(200, Math.floor(parent.clientWidth) || 320)),
        locale: i18n.locale,
      });
      setShown(true);
      latest.current.onShown?.();
    })();
    return () => {
      live = false;
    };
  }, [text, dark, i18n.locale, given]);

  // Until Google's button is there, the slot takes no room (no jump when it never comes).
  return <div ref={slot} className={className} hidden={!shown} data-testid="google-button" />;
}
