import { Trans, useLingui } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button';
import type { OccurrenceScope } from './logic/types';

export interface ScopeQuestion {
  /** What is being done to the occurrence: the title says it. */
  action?: 'edit' | 'delete';
  /** False when the change cannot apply to one occurrence alone (its recurrence changed). */
  allowThis?: boolean;
}

interface Pending extends Required<ScopeQuestion> {
  resolve(scope: OccurrenceScope | null): void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();
/** The mounted hosts, first mounted first: only the first draws the question. */
const hosts: symbol[] = [];
/** Bumped on every change of the question or of the hosts: the hosts' store snapshot. */
let version = 0;
const publish = (next: Pending | null) => {
  pending = next;
  version++;
  for (const l of listeners) l();
};

/**
 * Ask which occurrences a change to one occurrence of a recurring event applies to: 'This event', 'This and
 * following events' or 'All events'; null when the user cancels. The question is drawn by the mounted
 * `EventDialog` (the calendar keeps it mounted, with a null target while closed); a new question cancels an
 * unanswered one.
 */
export function askOccurrenceScope(question: ScopeQuestion = {}): Promise<OccurrenceScope | null> {
  pending?.resolve(null);
  if (hosts.length === 0) {
    console.error('askOccurrenceScope: no EventDialog is mounted to ask the question');
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const entry: Pending = {
      action: question.action ?? 'edit',
      allowThis: question.allowThis ?? true,
      resolve: (scope) => {
        if (pending === entry) publish(null);
        resolve(scope);
      },
    };
    publish(entry);
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Draws the open `askOccurrenceScope` question. */
export function OccurrenceScopeHost() {
  const { t } = useLingui();
  const [self] = useState(() => Symbol('host'));
  useEffect(() => {
    hosts.push(self);
    publish(pending);
    return () => {
      hosts.splice(hosts.indexOf(self), 1);
      if (hosts.length === 0) pending?.resolve(null);
      else publish(pending);
    };
  }, [self]);
  useSyncExternalStore(subscribe, () => version);
  const question = hosts[0] === self ? pending : null;
  const answer = (scope: OccurrenceScope | null) => question?.resolve(scope);
  const options: { scope: OccurrenceScope; label: string }[] = [
    ...(question?.allowThis !== false ? [{ scope: 'this' as const, label: t`This event` }] : []),
    { scope: 'following', label: t`This and following events` },
    { scope: 'all', label: t`All events` },
  ];
  const title = question?.action === 'delete' ? t`Delete recurring event` : t`Edit recurring event`;
  return (
    <AlertDialog.Root open={question !== null} onOpenChange={(open) => !open && answer(null)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-black/40 motion-safe:animate-[page-fade-in_120ms_ease-out]" />
        <AlertDialog.Content
          data-testid="occurrence-scope"
          className="fixed left-1/2 top-1/2 z-[60] w-[calc(100vw-2rem)] max-w-[400px] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-5 text-ink shadow-2xl outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-muted">
            {question?.action === 'delete' ? <Trans>Which events do you want to delete?</Trans> : <Trans>Which events do you want to change?</Trans>}
          </AlertDialog.Description>
          <div className="mt-4 flex flex-col gap-2">
            {options.map((o) => (
              <Button key={o.scope} variant="secondary" className="justify-start" onClick={() => answer(o.scope)}>
                {o.label}
              </Button>
            ))}
          </div>
          <div className="mt-4 flex justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="ghost">
                <Trans>Cancel</Trans>
              </Button>
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
