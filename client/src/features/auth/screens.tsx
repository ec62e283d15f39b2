import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { PlaceholderScreen } from '../placeholders/placeholder-screen';

/** The auth feature's screens, by route (filled in by the auth feature). */
export function authScreens(): Record<'landing' | 'login' | 'register' | 'verify' | 'forgot' | 'reset' | 'settings', ReactNode> {
  const soon = <PlaceholderScreen title="ADHD SuperApp" color="var(--color-primary)"><Trans>Coming soon.</Trans></PlaceholderScreen>;
  return { landing: soon, login: soon, register: soon, verify: soon, forgot: soon, reset: soon, settings: soon };
}
