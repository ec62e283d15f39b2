import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { FEATURE_TOGGLES, type FeatureToggle, type FeatureToggles } from '@adhd/shared/site/feature-toggles';
import { Toast } from '../../components/ui/toast';
import { setFeatureToggles } from '../../lib/feature-toggles';
import { messageForError } from '../../lib/messages';
import { adminApi } from './api';
import { LoadStates } from './load-states';
import { useAdminLoad } from './use-admin-load';

const TOGGLES: Record<FeatureToggle, { label: MessageDescriptor; about: MessageDescriptor }> = {
  registration: { label: msg`Registration`, about: msg`New people can create an account. Off: only existing accounts sign in.` },
  feedback: { label: msg`Feedback`, about: msg`The feedback form for visitors and users, with screenshots.` },
  news: { label: msg`News`, about: msg`The public news pages and their links.` },
  brainrot: { label: msg`Video mode`, about: msg`The optional looping background videos in Settings.` },
  telegram: { label: msg`Telegram`, about: msg`The Telegram bot that saves messages into the inbox.` },
  googleCalendar: { label: msg`Google Calendar`, about: msg`Importing events from a Google Calendar.` },
};

/**
 * /admin/feature-toggles: one switch per server-wide feature. A change shows at once and is saved right away;
 * when the save fails the switch goes back and a toast says so. The saved answer updates this tab's copy.
 */
export function AdminFeatureTogglesScreen() {
  const { i18n } = useLingui();
  const { state, reload, set } = useAdminLoad(() => adminApi.toggles(), []);
  const [failure, setFailure] = useState<MessageDescriptor | null>(null);

  const change = async (current: FeatureToggles, name: FeatureToggle, on: boolean) => {
    set({ ...current, [name]: on });
    try {
      const saved = await adminApi.saveToggles({ [name]: on });
      set(saved);
      setFeatureToggles(saved);
    } catch (err) {
      set(current);
      setFailure(messageForError(err));
    }
  };

  return (
    <section aria-labelledby="admin-toggles-title" className="space-y-4">
      <header>
        <h1 id="admin-toggles-title" className="text-2xl font-semibold">
          <Trans>Feature toggles</Trans>
        </h1>
        <p className="text-sm text-muted">
          <Trans>A feature that is off is hidden in the app and refused by the server. Changes save at once.</Trans>
        </p>
      </header>
      {state.kind === 'ready' ? (
        <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
          {FEATURE_TOGGLES.map((name) => (
            <ToggleItem key={name} label={i18n._(TOGGLES[name].label)} about={i18n._(TOGGLES[name].about)} checked={state.data[name]} onChange={(on) => void change(state.data, name, on)} />
          ))}
        </ul>
      ) : (
        <LoadStates state={state} retry={reload} />
      )}
      {failure && (
        <Toast
          message={
            <Trans>
              Couldn’t save the change: {i18n._(failure)}
            </Trans>
          }
          onDismiss={() => setFailure(null)}
        />
      )}
    </section>
  );
}

function ToggleItem({ label, about, checked, onChange }: { label: string; about: string; checked: boolean; onChange(on: boolean): void }) {
  const id = useId();
  return (
    <li className="flex items-center gap-4 px-4 py-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-about`} className="text-sm text-muted">
          {about}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        aria-describedby={`${id}-about`}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-line transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-6" />
      </Switch.Root>
    </li>
  );
}
