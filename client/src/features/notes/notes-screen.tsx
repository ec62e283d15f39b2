import { useLingui } from '@lingui/react/macro';
import { PlaceholderScreen } from '../placeholders/placeholder-screen';

/** The Notes screen (SPEC section 2), filled by the notes issue. */
export function NotesScreen() {
  const { t } = useLingui();
  return <PlaceholderScreen title={t`Notes`} color="var(--color-section-notes)" />;
}
