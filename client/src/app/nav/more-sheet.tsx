import { useLingui } from '@lingui/react/macro';
import { mdiClose, mdiCogOutline, mdiInboxOutline, mdiShieldAccountOutline, mdiTagOutline } from '@mdi/js';
import { Dialog } from 'radix-ui';
import type { CSSProperties, RefObject } from 'react';
import { Link } from 'wouter';
import { focusRing } from '../../components/ui/cn';
import { Icon } from '../../components/ui/icon';
import { InboxNavBadge } from '../../features/inbox';
import { PublicFooter } from '../../features/site';
import { inSection, type Section } from './sections';

const ICONS: Record<string, string> = {
  '/inbox': mdiInboxOutline,
  '/tags': mdiTagOutline,
  '/auth/settings': mdiCogOutline,
  '/admin': mdiShieldAccountOutline,
};

export interface MoreSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  sections: Section[];
  location: string;
  /** The More button: focus goes back to it when the sheet closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}

/**
 * The phone's "More" sheet (its own chunk): Inbox with its count, Tags, Settings and, for admins, Admin. A Radix
 * dialog: focus moves in and back to the More button, Escape or a tap outside closes it, and so does a navigation.
 */
export function MoreSheet({ open, onOpenChange, sections, location, trigger }: MoreSheetProps) {
  const { t, i18n } = useLingui();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 motion-safe:animate-[page-fade-in_120ms_ease-out]" />
        <Dialog.Content
          data-testid="more-sheet"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl border-t border-line bg-surface px-3 pt-2 pb-[calc(0.75rem+env(safe-area-inset-bottom))] text-ink shadow-2xl outline-none motion-safe:animate-[sheet-up_160ms_ease-out]"
        >
          <div className="flex items-center gap-2 pl-2">
            <Dialog.Title className="flex-1 text-base font-semibold">{t`More`}</Dialog.Title>
            <Dialog.Close className={`flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-2 ${focusRing}`} aria-label={t`Close`}>
              <Icon path={mdiClose} size={22} />
            </Dialog.Close>
          </div>
          <ul className="mt-1 flex flex-col gap-1">
            {sections.map((s) => (
              <li key={s.href}>
                <Link
                  href={s.href}
                  aria-current={inSection(location, s.href) ? 'page' : undefined}
                  onClick={() => onOpenChange(false)}
                  className={`nav-sheet flex min-h-12 items-center gap-3 rounded-xl px-3 text-base font-medium ${focusRing}`}
                  style={{ '--c': s.color } as CSSProperties}
                >
                  <span className="nav-pill flex size-9 items-center justify-center rounded-full">
                    <Icon path={ICONS[s.href] ?? mdiInboxOutline} size={22} />
                  </span>
                  <span className="flex-1">{i18n._(s.label)}</span>
                  {s.href === '/inbox' && <InboxNavBadge />}
                </Link>
              </li>
            ))}
          </ul>
          {/* The public pages (About, News, Feedback, Donate, Privacy, Terms): the layout's footer on wider screens. */}
          <div className="mt-2">
            <PublicFooter />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
