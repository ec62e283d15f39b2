import { useLingui } from '@lingui/react/macro';
import { PlaceholderScreen } from '../placeholders/placeholder-screen';

export function TagsScreen() {
  const { t } = useLingui();
  return <PlaceholderScreen title={t`Tags`} color="var(--color-section-tags)" />;
}
