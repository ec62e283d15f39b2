import { Toast } from '../../components/ui/toast';
import { clearFlash, type Flash } from '../../lib/flash';

/** The flashed message as a toast (its own chunk: the toast and its button stay out of the start-up JS). */
export function FlashToast({ flash }: { flash: Flash }) {
  return <Toast key={flash.id} message={flash.message} onDismiss={clearFlash} />;
}
