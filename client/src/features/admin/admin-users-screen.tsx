import { Trans, useLingui } from '@lingui/react/macro';
import { mdiMagnify } from '@mdi/js';
import { useEffect, useState } from 'react';
import type { AdminUser } from '@adhd/shared/admin/schema';
import { ADMIN_USERS_PAGE_SIZE } from '@adhd/shared/admin/schema';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Icon } from '../../components/ui/icon';
import { TextField } from '../../components/ui/text-field';
import { Toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { messageForError } from '../../lib/messages';
import { useAuth } from '../../session/auth-store';
import { adminApi } from './api';
import { LoadStates } from './load-states';
import { useAdminLoad } from './use-admin-load';
import { UserCard, type UserAction } from './user-card';

/** How long typing pauses before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /admin/users: search (name or email), 20 a page, each account with its role, state, dates and item counts;
 * make admin or user, disable (after a confirmation) or enable. The admin's own row cannot lose its admin role or
 * be disabled. Cards at every width (a table would not fit 375 px).
 */
export function AdminUsersScreen() {
  const { t, i18n } = useLingui();
  const { user: me } = useAuth();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<AdminUser | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const { state, reload, set } = useAdminLoad((signal) => adminApi.users(q, page, signal), [q, page]);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const apply = async (target: AdminUser, patch: { role?: 'admin' | 'user'; disabled?: boolean }, inDialog = false) => {
    setBusy(target._id);
    try {
      const saved = await adminApi.patchUser(target._id, patch);
      if (state.kind === 'ready') set({ ...state.data, data: state.data.data.map((u) => (u._id === saved._id ? saved : u)) });
    } catch (err) {
      if (!inDialog) setToast(err instanceof ApiError && err.code === 'SELF_CHANGE' ? err.message : i18n._(messageForError(err)));
      throw err;
    } finally {
      setBusy(null);
    }
  };

  const act = (target: AdminUser, action: UserAction) => {
    if (action.kind === 'disable') return setConfirm(target);
    void apply(target, action.kind === 'role' ? { role: action.role } : { disabled: false }).catch(() => undefined);
  };

  const pages = state.kind === 'ready' ? Math.max(1, Math.ceil(state.data.total / ADMIN_USERS_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="admin-users-title" className="space-y-4">
      <header>
        <h1 id="admin-users-title" className="text-2xl font-semibold">
          <Trans>Users</Trans>
        </h1>
        {state.kind === 'ready' && (
          <p className="text-sm text-muted" aria-live="polite">
            {q ? <Trans>Matching accounts: {state.data.total}</Trans> : <Trans>Accounts: {state.data.total}</Trans>}
          </p>
        )}
      </header>
      <TextField
        type="search"
        label={t`Search by name or email`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        start={<Icon path={mdiMagnify} />}
        maxLength={200}
        autoComplete="off"
      />
      {state.kind === 'ready' ? (
        state.data.data.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line bg-surface-2 px-4 py-8 text-center text-muted">
            <Trans>No accounts match this search.</Trans>
          </p>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-3 xl:grid-cols-2">
            {state.data.data.map((u) => (
              <UserCard key={u._id} user={u} self={u._id === me?._id} busy={busy === u._id} onAction={(a) => act(u, a)} />
            ))}
          </ul>
        )
      ) : (
        <LoadStates state={state} retry={reload} />
      )}
      {pages > 1 && (
        <nav aria-label={t`Pages`} className="flex items-center justify-center gap-3">
          <Button size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            <Trans>Previous</Trans>
          </Button>
          <span className="text-sm text-muted tabular-nums">
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          <Button size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            <Trans>Next</Trans>
          </Button>
        </nav>
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={<Trans>Disable {confirm?.name}?</Trans>}
        message={<Trans>They are signed out everywhere at once and cannot sign in until you enable the account again. Their data stays.</Trans>}
        confirmLabel={<Trans>Disable</Trans>}
        danger
        errorText={<Trans>Couldn’t disable the account. Please try again.</Trans>}
        onConfirm={() => (confirm ? apply(confirm, { disabled: true }, true).then(() => setConfirm(null)) : undefined)}
      />
      {toast && <Toast message={toast} onDismiss={() => setToast(null)} />}
    </section>
  );
}
