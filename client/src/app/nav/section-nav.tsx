import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { focusRing } from '../../components/ui/cn';
import { InboxNavBadge } from '../../features/inbox';
import { ADMIN, INBOX, inSection, MAIN_SECTIONS, TAGS, tint } from './sections';

/** Below 600 px (SPEC section 9's narrow screen) the navigation is the bottom bar. */
export const NARROW = '(max-width: 599.98px)';

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
        <Link key={s.href} href={s.href} aria-current={inSection(location, s.href) ? 'page' : undefined} className={`nav-top ${focusRing}`} style={tint(s)}>
          <span aria-hidden className="size-2 rounded-full bg-(--c)" />
          {i18n._(s.label)}
          {s === INBOX && <InboxNavBadge />}
        </Link>
      ))}
    </nav>
  );
}

type BarModule = typeof import('./bottom-nav');
let barModule: BarModule | null = null;
let barLoading: Promise<BarModule> | null = null;
const loadBar = () => (barLoading ??= import('./bottom-nav').then((m) => (barModule = m)));
// The phone's bar is its own chunk, so a wide screen's start never loads it; a phone asks for it as this module
// runs (at start, alongside the first screen's chunk), so it is there for the first render.
if (typeof window !== 'undefined' && window.matchMedia?.(NARROW).matches) void loadBar().catch(() => undefined);

/** The phone's bottom bar, rendered as soon as its chunk is in. */
export function PhoneNav({ admin }: { admin: boolean }) {
  const [bar, setBar] = useState(barModule);
  useEffect(() => {
    if (bar) return;
    let live = true;
    loadBar().then((m) => live && setBar(m), () => undefined);
    return () => {
      live = false;
    };
  }, [bar]);
  return bar ? <bar.BottomNav admin={admin} /> : null;
}
