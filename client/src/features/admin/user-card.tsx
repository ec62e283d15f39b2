import { Trans, useLingui } from '@lingui/react/macro';
import type { AdminUser } from '@adhd/shared/admin/schema';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { relativeTime } from '../../lib/relative-time';
import { shortDate } from './format';

export type UserAction = { kind: 'role'; role: 'admin' | 'user' } | { kind: 'disable' } | { kind: 'enable' };

/** One account in the admin list: who, role and state chips, dates, item counts and the actions. */
export function UserCard({ user, self, busy, onAction }: { user: AdminUser; self: boolean; busy: boolean; onAction(action: UserAction): void }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const c = user.counts;
  const counts = [
    [t`Tasks`, c.task],
    [t`Notes`, c.note],
    [t`Habits`, c.habit],
    [t`Events`, c.event],
    [t`Inbox`, c.inbox],
    [t`Tags`, c.tag],
    [t`Folders`, c.folder],
  ] as const;
  const hintId = `self-hint-${user._id}`;
  return (
    <li className={cn('min-w-0 rounded-2xl border border-line bg-surface p-4', user.disabled && 'bg-surface-2')}>
      <div className="flex flex-wrap items-start gap-2">
        {/* At least 12rem for who it is: on a phone the chips wrap under the name rather than cut it. */}
        <div className="min-w-48 flex-1">
          <p className="truncate font-semibold">{user.name}</p>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
        <div className="flex flex-wrap gap-1 text-xs font-medium">
          <span className={cn('rounded-full px-2 py-0.5', user.role === 'admin' ? 'bg-[color-mix(in_srgb,var(--color-section-admin)_16%,transparent)] text-ink' : 'bg-surface-2 text-muted')}>
            {user.role === 'admin' ? <Trans>Admin</Trans> : <Trans>User</Trans>}
          </span>
          {user.emailVerified ? (
            <span className="rounded-full bg-success/15 px-2 py-0.5 text-ink">
              <Trans>Verified</Trans>
            </span>
          ) : (
            <span className="rounded-full bg-warning/15 px-2 py-0.5 text-ink">
              <Trans>Not verified</Trans>
            </span>
          )}
          {user.disabled && (
            <span className="rounded-full bg-danger/15 px-2 py-0.5 text-danger">
              <Trans>Disabled</Trans>
            </span>
          )}
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted">
          <Trans>Created</Trans>
        </dt>
        <dd>{shortDate(user.createdAt, locale)}</dd>
        <dt className="text-muted">
          <Trans>Last active</Trans>
        </dt>
        <dd>{user.lastActiveAt ? relativeTime(user.lastActiveAt, Date.now(), locale) : <Trans>Never</Trans>}</dd>
      </dl>
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted" aria-label={t`Items`}>
        {counts.map(([label, n]) => (
          <span key={label}>
            {label} <span className="font-semibold text-ink tabular-nums">{n}</span>
          </span>
        ))}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {user.role === 'admin' ? (
          <Button size="sm" disabled={self || busy} aria-describedby={self ? hintId : undefined} onClick={() => onAction({ kind: 'role', role: 'user' })}>
            <Trans>Make user</Trans>
          </Button>
        ) : (
          <Button size="sm" disabled={busy} onClick={() => onAction({ kind: 'role', role: 'admin' })}>
            <Trans>Make admin</Trans>
          </Button>
        )}
        {user.disabled ? (
          <Button size="sm" disabled={busy} onClick={() => onAction({ kind: 'enable' })}>
            <Trans>Enable</Trans>
          </Button>
        ) : (
          <Button size="sm" variant="danger" disabled={self || busy} aria-describedby={self ? hintId : undefined} onClick={() => onAction({ kind: 'disable' })}>
            <Trans>Disable</Trans>
          </Button>
        )}
        {self && (
          <p id={hintId} className="text-xs text-muted">
            <Trans>This is you: you cannot remove your own admin role or disable yourself.</Trans>
          </p>
        )}
      </div>
    </li>
  );
}
