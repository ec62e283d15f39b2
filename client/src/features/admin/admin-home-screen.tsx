import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { Icon } from '../../components/ui/icon';
import { ADMIN_SECTIONS } from './sections';

/** /admin: a short overview with a card per section and what it is for. */
export function AdminHomeScreen() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="admin-home-title" className="space-y-4">
      <header>
        <h1 id="admin-home-title" className="text-2xl font-semibold">
          <Trans>Running this server</Trans>
        </h1>
        <p className="text-sm text-muted">
          <Trans>Everything here changes the server for everyone. Pick a section.</Trans>
        </p>
      </header>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {ADMIN_SECTIONS.map((s) => (
          <li key={s.path}>
            <Link href={s.path} className="flex h-full gap-3 rounded-2xl border border-line bg-surface p-4 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary">
              <span aria-hidden className="flex shrink-0" style={{ color: 'var(--color-section-admin)' }}>
                <Icon path={s.icon} size={28} />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold">{i18n._(s.label)}</span>
                <span className="block text-sm text-muted">{i18n._(s.about)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
