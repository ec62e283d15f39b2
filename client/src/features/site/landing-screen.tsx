import { useAuth } from '../../session/auth-store';
import { useFeatureToggles } from '../../lib/feature-toggles';
import { Landing } from './landing';

/**
 * The landing page (/) inside the app: the same content the server sends prerendered to a first visit
 * (docs/public-site.md), for installed and offline users whose service worker serves the app at `/`.
 */
export function LandingScreen() {
  const { authenticated } = useAuth();
  const { registration } = useFeatureToggles();
  return <Landing session={authenticated ? 'in' : 'out'} registration={registration} />;
}
