import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { focusRing } from '../../components/ui/cn';
import { Icon } from '../../components/ui/icon';
import { InboxNavBadge } from '../../features/inbox';
import { whenIdle } from '../../lib/idle';
import { NAV_ICONS } from './nav-icons';
import { INBOX, inSection, MAIN_SECTIONS, moreSections, tint } from './sections';

type SheetModule = typeof import('./more-sheet');
let sheetModule: SheetModule | null = null;
const loadSheet = () => import('./more-sheet').then((m) => (sheetModule = m));

/**
 * Phones (below 600 px): a bottom bar with Dashboard, Tasks, Habits, Calendar, Notes and "More", a sheet with
 * Inbox, Tags, Settings and Admin (for admins). The bar is its own chunk, fetched at start on a phone only
 * (section-nav.tsx); the sheet is another, fetched when the browser is idle.
 */
export function BottomNav({ admin }: { admin: boolean }) {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const [sheet, setSheet] = useState<SheetModule | null>(sheetModule);
  const moreButton = useRef<HTMLButtonElement>(null);
  const more = moreSections(admin);
  const inMore = more.find((s) => inSection(location, s.href));
  useEffect(() => {
    if (sheet) return;
    let live = true;
    const cancel = whenIdle(() => void loadSheet().then((m) => live && setSheet(m), () => undefined), 3000);
    return () => {
      live = false;
      cancel();
    };
  }, [sheet]);
  // A navigation (a link in the sheet, the back button) closes the sheet.
  useEffect(() => setOpen(false), [location]);

  const item = `nav-bottom ${focusRing}`;
  return (
    <nav aria-label={t`Sections`} data-testid="bottom-nav" className="bottom-nav">
      <ul className="mx-auto grid max-w-lg grid-cols-6">
        {MAIN_SECTIONS.map((s) => (
          <li key={s.href}>
            <Link href={s.href} aria-current={inSection(location, s.href) ? 'page' : undefined} className={item} style={tint(s)}>
              <span className="nav-pill">
                <Icon path={NAV_ICONS[s.icon!]} size={22} />
              </span>
              <span className="max-w-full truncate">{i18n._(s.label)}</span>
            </Link>
          </li>
        ))}
        <li>
          <button
            ref={moreButton}
            type="button"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-current={inMore ? 'page' : undefined}
            data-testid="nav-more"
            className={item}
            style={tint(inMore ?? INBOX)}
            onClick={() => {
              if (sheet) setOpen(true);
              else void loadSheet().then((m) => (setSheet(m), setOpen(true)));
            }}
          >
            <span className="nav-pill">
              <Icon path={NAV_ICONS.dotsHorizontal} size={22} />
              {/* The count is said by the Inbox link in the sheet; here it is a glance. */}
              <span aria-hidden className="absolute -top-1 right-0">
                <InboxNavBadge />
              </span>
            </span>
            <span className="max-w-full truncate">{t`More`}</span>
          </button>
        </li>
      </ul>
      {sheet && <sheet.MoreSheet open={open} onOpenChange={setOpen} sections={more} location={location} trigger={moreButton} />}
    </nav>
  );
}
