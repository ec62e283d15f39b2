import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { mdiAccountMultiple, mdiArrowDecision, mdiCashMultiple, mdiMessageAlertOutline, mdiNewspaperVariantOutline, mdiToggleSwitchOutline } from '@mdi/js';

export interface AdminSection {
  /** Relative to /admin (the admin area is a nested router). */
  path: string;
  label: MessageDescriptor;
  /** One line on the admin home card. */
  about: MessageDescriptor;
  icon: string;
}

/** The admin area's sections (CONTRACT.md paths under /admin), in the order the frame lists them. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '/users', label: msg`Users`, about: msg`Find accounts, change roles, disable or enable sign-in.`, icon: mdiAccountMultiple },
  { path: '/feedback', label: msg`Feedback`, about: msg`Read what people sent, with their screenshots.`, icon: mdiMessageAlertOutline },
  { path: '/feature-toggles', label: msg`Feature toggles`, about: msg`Switch registration, feedback, news and more on or off.`, icon: mdiToggleSwitchOutline },
  { path: '/news', label: msg`News`, about: msg`Write, publish and unpublish news in each language.`, icon: mdiNewspaperVariantOutline },
  { path: '/redirects', label: msg`Redirects`, about: msg`Send old or short paths to a page or another site.`, icon: mdiArrowDecision },
  { path: '/donate', label: msg`Donate links`, about: msg`The donation links the Donate page shows.`, icon: mdiCashMultiple },
];
