import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent } from 'react';
import { DONATE_LABEL_MAX, DONATE_LINKS_MAX, isDonateUrl, type DonateLink } from '@adhd/shared/site/donate-links';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { SlowNotice } from '../../components/ui/slow-notice';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { messageForError } from '../../lib/messages';
import { saveDonateLinks, useDonateLinks } from './data';

/** The field problems of SPEC section 5 this form can get, by key. */
const FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  'validation.required': msg`This field is required`,
  'validation.maxLength': msg`This field must be at most ${DONATE_LABEL_MAX} characters`,
  'site.urlInvalid': msg`Please enter a link starting with https:// or http://`,
  'validation.tooMany': msg`At most ${DONATE_LINKS_MAX} links`,
};
const fieldMessage = (key: string) => FIELD_MESSAGES[key] ?? msg`This value is not valid`;

type Errors = Record<string, string>;

/** The same checks as the server (shared/src/site/donate-links.ts), so most mistakes show before saving. */
function check(rows: DonateLink[]): Errors {
  const errors: Errors = {};
  rows.forEach((row, i) => {
    if (!row.label.trim()) errors[`links.${i}.label`] = 'validation.required';
    else if (row.label.length > DONATE_LABEL_MAX) errors[`links.${i}.label`] = 'validation.maxLength';
    if (!row.url.trim()) errors[`links.${i}.url`] = 'validation.required';
    else if (!isDonateUrl(row.url.trim())) errors[`links.${i}.url`] = 'site.urlInvalid';
  });
  return errors;
}

/** /admin/donate: the operator's donation links, up to 10 {label, url} rows, saved together. */
export function AdminDonateScreen() {
  const { t } = useLingui();
  const { result, retry } = useDonateLinks();
  const [rows, setRows] = useState<DonateLink[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: MessageDescriptor } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (result.state === 'ready') setRows(result.value);
  }, [result]);

  if (result.state === 'failed' && rows === null) {
    const offline = result.error instanceof ApiError && result.error.isNetwork;
    return (
      <section aria-labelledby="admin-donate-title" className="max-w-2xl">
        <h1 id="admin-donate-title" className="text-2xl font-semibold">
          <Trans>Donation links</Trans>
        </h1>
        <div className="mt-4 rounded-xl border border-line bg-surface p-4" role="alert">
          <p>{offline ? <Trans>You are offline — admin pages need the server.</Trans> : t(messageForError(result.error))}</p>
          <Button className="mt-3" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      </section>
    );
  }

  const update = (i: number, patch: Partial<DonateLink>) => {
    setRows((current) => current!.map((row, j) => (j === i ? { ...row, ...patch } : row)));
    setStatus(null);
  };
  const remove = (i: number) => {
    setRows((current) => current!.filter((_, j) => j !== i));
    setErrors({});
    setStatus(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rows || saving) return;
    const local = check(rows);
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setStatus({ tone: 'error', text: msg`Please correct the marked fields.` });
      return;
    }
    setSaving(true);
    try {
      setRows(await saveDonateLinks(rows.map((r) => ({ label: r.label.trim(), url: r.url.trim() }))));
      setStatus({ tone: 'success', text: msg`Donation links saved.` });
    } catch (err) {
      const details = err instanceof ApiError && err.status === 400 ? err.details : [];
      setErrors(Object.fromEntries(details.map((d) => [d.field, d.key])));
      setStatus({ tone: 'error', text: details.length > 0 ? msg`Please correct the marked fields.` : messageForError(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="admin-donate-title" className="max-w-2xl">
      <h1 id="admin-donate-title" className="text-2xl font-semibold">
        <Trans>Donation links</Trans>
      </h1>
      <p className="mt-1 text-sm text-muted">
        <Trans>Shown on the public Donate page, in this order. Up to {DONATE_LINKS_MAX} links; https:// or http:// only.</Trans>
      </p>
      {rows === null ? (
        <SlowNotice delayMs={1500} />
      ) : (
        <form className="mt-5 space-y-4" onSubmit={submit} noValidate>
          {rows.length === 0 && (
            <p className="text-muted">
              <Trans>No donation links yet. Visitors see “This server has no donation links yet”.</Trans>
            </p>
          )}
          {rows.map((row, i) => (
            <fieldset key={i} className="grid gap-3 rounded-xl border border-line bg-surface p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start">
              <legend className="sr-only">{t`Link ${i + 1}`}</legend>
              <TextField
                label={t`Label`}
                value={row.label}
                maxLength={DONATE_LABEL_MAX}
                onChange={(e) => update(i, { label: e.target.value })}
                error={errors[`links.${i}.label`] && t(fieldMessage(errors[`links.${i}.label`]!))}
              />
              <TextField
                label={t`Link`}
                type="url"
                inputMode="url"
                value={row.url}
                onChange={(e) => update(i, { url: e.target.value })}
                error={errors[`links.${i}.url`] && t(fieldMessage(errors[`links.${i}.url`]!))}
              />
              <Button variant="ghost" className="sm:mt-6" onClick={() => remove(i)} aria-label={t`Remove link ${i + 1}`}>
                <Trans>Remove</Trans>
              </Button>
            </fieldset>
          ))}
          {errors.links && <FormAlert>{t(fieldMessage(errors.links))}</FormAlert>}
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => setRows([...rows, { label: '', url: '' }])} disabled={rows.length >= DONATE_LINKS_MAX}>
              <Trans>Add link</Trans>
            </Button>
            <Button type="submit" variant="primary" busy={saving}>
              <Trans>Save</Trans>
            </Button>
          </div>
          {status && <FormAlert tone={status.tone}>{t(status.text)}</FormAlert>}
        </form>
      )}
    </section>
  );
}
