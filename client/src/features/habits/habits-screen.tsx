import { useLingui } from '@lingui/react/macro';
import { PlaceholderScreen } from '../placeholders/placeholder-screen';

/** The Habits screen (SPEC section 2), filled by the habits issue. */
export function HabitsScreen() {
  const { t } = useLingui();
  return <PlaceholderScreen title={t`Habits`} color="var(--color-section-habits)" />;
}
