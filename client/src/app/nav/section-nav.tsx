import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Link, useLocation } from 'wouter';
import { focusRing } from '../../components/ui/cn';
import { Icon } from '../../components/ui/icon';
import { START_ICONS } from '../../components/ui/start-icons';
import { InboxNavBadge } from '../../features/inbox';
import { whenIdle } from '../../lib/idle';
import { ADMIN, INBOX, inSection, MAIN_SECTIONS, moreSections, TAGS, type Section } from './sections';

type SheetModule = typeof import('./more-sheet');
let sheetModule: SheetModule | null = null;
const loadSheet = () => import('./more-sheet').then((m) => (sheetModule = m));

const tint = (section: Section) => ({ '--c': section.color }) as CSSProperties;

/**
 * Wide screens (600 px and up): every section in one calm row under the header that wraps instead of scrolling,
 * each with its category colour; Settings is in the header.
 */
export function DesktopNav({ admin }: { admin: boolean }) {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const sections = [...MAIN_SECTIONS, INBOX, TAGS, ...(admin ? [ADMIN] : [])];
  return (
    <nav aria-label={t`Sections`} className="mx-auto flex max-w-6xl flex-wrap gap-1 px-2 pb-1.5 print:hidden">
      {sections.map((s) => (
        <Link
          key={s.href}
          href={s.href}
          aria-current={inSection(location, s.href) ? 'page' : undefined}
          className={`nav-top inline-flex min-h-9 items-center gap-2 rounded-md px-3 text-sm font-medium ${focusRing}`}
          style={tint(s)}
        >
          <span aria-hidden className="size-2 rounded-full bg-(--c)" />
          {i18n._(s.label)}
          {s === INBOX && <InboxNavBadge />}
        </Link>
      ))}
    </nav>
  );
}

/**
 * Phones (below 600 px): a bottom bar with Dashboard, Tasks, Habits, Calendar, Notes and "More", a sheet with
 * Inbox, Tags, Settings and Admin (for admins). The sheet is its own chunk, fetched when the browser is idle.
 */
export function BottomNav({ admin }: { admin: boolean }) {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const [sheet, setSheet] = useState<SheetModule | null>(sheetModule);
  const more = moreSections(admin);
  const inMore = more.some((s) => inSection(location, s.href));
  const live = useRef(true);
  const moreButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    live.current = true;
    const cancel = sheet ? undefined : whenIdle(() => void loadSheet().then((m) => live.current && setSheet(m), () => undefined), 3000);
    return () => {
      live.current = false;
      cancel?.();
    };
  }, [sheet]);
  // A navigation (a link in the sheet, the back button) closes the sheet.
  useEffect(() => setOpen(false), [location]);

  const item = `nav-bottom flex min-h-16 w-full flex-col items-center justify-center gap-0.5 px-0.5 text-[0.6875rem] leading-tight ${focusRing} focus-visible:-outline-offset-2`;
  const pill = 'nav-pill relative flex h-8 w-14 items-center justify-center rounded-full';
  return (
    <nav
      aria-label={t`Sections`}
      data-testid="bottom-nav"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur print:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-6">
        {MAIN_SECTIONS.map((s) => (
          <li key={s.href}>
            <Link href={s.href} aria-current={inSection(location, s.href) ? 'page' : undefined} className={item} style={tint(s)}>
              <span className={pill}>
                <Icon path={s.icon!} size={22} />
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
            style={tint(more.find((s) => inSection(location, s.href)) ?? INBOX)}
            onClick={() => {
              if (sheet) setOpen(true);
              else void loadSheet().then((m) => (setSheet(m), setOpen(true)));
            }}
          >
            <span className={pill}>
              <Icon path={START_ICONS.dotsHorizontal} size={22} />
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
