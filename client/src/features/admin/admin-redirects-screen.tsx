import { Trans, useLingui } from '@lingui/react/macro';
import { mdiArrowRight, mdiOpenInNew } from '@mdi/js';
import { useState } from 'react';
import { isExternalTarget, type RedirectRule } from '@adhd/shared/admin/schema';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Icon } from '../../components/ui/icon';
import { adminApi } from './api';
import { LoadStates } from './load-states';
import { RedirectForm } from './redirect-form';
import { useAdminLoad } from './use-admin-load';

/**
 * /admin/redirects: path rules from a path of this site to a page or another site. Apps pick up a change within a
 * few minutes (they keep the list and check each navigation against it).
 */
export function AdminRedirectsScreen() {
  const { t } = useLingui();
  const { state, reload, set } = useAdminLoad(() => adminApi.redirects(), []);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RedirectRule | null>(null);
  const rules = state.kind === 'ready' ? state.data : [];
  /** This tab's app picks the change up at once (app/redirect-rules.ts listens; features cannot import app/). */
  const announce = () => window.dispatchEvent(new Event('adhd:redirect-rules-changed'));
  const sorted = (list: RedirectRule[]) => [...list].sort((a, b) => a.from.localeCompare(b.from));

  const add = async (rule: { from: string; to: string }) => {
    const created = await adminApi.createRedirect(rule);
    set(sorted([...rules, created]));
    announce();
  };
  const save = async (id: string, rule: { from: string; to: string }) => {
    const saved = await adminApi.updateRedirect(id, rule);
    set(sorted(rules.map((r) => (r._id === id ? saved : r))));
    setEditing(null);
    announce();
  };
  const remove = async (id: string) => {
    await adminApi.deleteRedirect(id);
    set(rules.filter((r) => r._id !== id));
    setDeleting(null);
    announce();
  };

  return (
    <section aria-labelledby="admin-redirects-title" className="space-y-4">
      <header>
        <h1 id="admin-redirects-title" className="text-2xl font-semibold">
          <Trans>Redirects</Trans>
        </h1>
        <p className="text-sm text-muted">
          <Trans>Send a path of this site to another page or to another site. Open apps pick up changes within a few minutes.</Trans>
        </p>
      </header>
      {state.kind !== 'ready' ? (
        <LoadStates state={state} retry={reload} />
      ) : (
        <>
          <div className="rounded-2xl border border-line bg-surface p-4">
            <h2 className="mb-3 font-semibold">
              <Trans>Add a redirect</Trans>
            </h2>
            <RedirectForm submitLabel={t`Add redirect`} onSubmit={add} />
          </div>
          {rules.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-line bg-surface-2 px-4 py-8 text-center text-muted">
              <Trans>No redirects yet.</Trans>
            </p>
          ) : (
            <ul className="divide-y divide-line rounded-2xl border border-line bg-surface" aria-label={t`Redirect rules`}>
              {rules.map((r) => (
                <li key={r._id} className="p-4">
                  {editing === r._id ? (
                    <RedirectForm initial={r} submitLabel={t`Save`} onSubmit={(rule) => save(r._id, rule)} onCancel={() => setEditing(null)} />
                  ) : (
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 font-mono text-sm">
                        <span className="break-all">{r.from}</span>
                        <Icon path={mdiArrowRight} size={16} className="text-muted" />
                        <span className="break-all">{r.to}</span>
                        {isExternalTarget(r.to) && <Icon path={mdiOpenInNew} size={16} className="text-muted" title={t`Another site`} />}
                      </p>
                      <div className="flex gap-2">
                        <Button size="sm" onClick={() => setEditing(r._id)} aria-label={t`Edit redirect ${r.from}`}>
                          <Trans>Edit</Trans>
                        </Button>
                        <Button size="sm" variant="danger" onClick={() => setDeleting(r)} aria-label={t`Delete redirect ${r.from}`}>
                          <Trans>Delete</Trans>
                        </Button>
                      </div>
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={<Trans>Delete this redirect?</Trans>}
        message={<Trans>{deleting?.from} will show its own page again (or the not-found page).</Trans>}
        confirmLabel={<Trans>Delete</Trans>}
        danger
        errorText={<Trans>Couldn’t delete the redirect. Please try again.</Trans>}
        onConfirm={() => (deleting ? remove(deleting._id) : undefined)}
      />
    </section>
  );
}
