import { useLingui } from '@lingui/react/macro';
import { PlaceholderScreen } from '../placeholders/placeholder-screen';

export function TasksScreen() {
  const { t } = useLingui();
  return <PlaceholderScreen title={t`Tasks`} color="var(--color-section-tasks)" />;
}
