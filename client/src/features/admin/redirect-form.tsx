import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { FormAlert } from '../../components/ui/form-alert';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { messageForError } from '../../lib/messages';

type Rule = { from: string; to: string };

/**
 * Add or edit one redirect rule. The server judges the fields; its 400 `details` and 409 show at the fields,
 * each with a hint that says what is accepted.
 */
export function RedirectForm({ initial, submitLabel, onSubmit, onCancel }: { initial?: Rule; submitLabel: string; onSubmit(rule: Rule): Promise<void>; onCancel?(): void }) {
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState(initial?.from ?? '');
  const [to, setTo] = useState(initial?.to ?? '');
  const [errors, setErrors] = useState<{ from?: string; to?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);

  const fieldText = (field: string, key: string): string => {
    if (key === 'validation.required') return t`This field is required`;
    if (field === 'from') return t`Use a path on this site like /old-page, without a query and not under /admin, /auth or /api.`;
    return t`Use a path like /tasks or a full address starting with https:// — different from the source.`;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSaving(true);
    try {
      await onSubmit({ from: from.trim(), to: to.trim() });
      if (!initial) {
        setFrom('');
        setTo('');
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.details.length) {
        const next: typeof errors = {};
        for (const d of err.details) if (d.field === 'from' || d.field === 'to') next[d.field] ??= fieldText(d.field, d.key);
        setErrors(Object.keys(next).length ? next : { form: i18n._(messageForError(err)) });
      } else if (err instanceof ApiError && err.status === 409) {
        setErrors({ from: t`There is already a redirect for this path.` });
      } else if (err instanceof ApiError && err.isNetwork) {
        setErrors({ form: t`You are offline. Nothing was saved; try again when you are back online.` });
      } else {
        setErrors({ form: i18n._(messageForError(err)) });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
      {errors.form && <FormAlert>{errors.form}</FormAlert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t`From (path)`} placeholder={t`e.g. /old-page`} value={from} onChange={(e) => setFrom(e.target.value)} error={errors.from} maxLength={300} autoComplete="off" spellCheck={false} required />
        <TextField label={t`To (path or address)`} placeholder={t`e.g. /tasks or https://…`} value={to} onChange={(e) => setTo(e.target.value)} error={errors.to} maxLength={2000} autoComplete="off" spellCheck={false} required />
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="primary" busy={saving}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
        )}
      </div>
    </form>
  );
}
