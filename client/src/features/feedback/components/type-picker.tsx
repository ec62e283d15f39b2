import { useLingui } from '@lingui/react/macro';
import { FEEDBACK_TYPES } from '@adhd/shared/feedback/schema';
import { cn } from '../../../components/ui/cn';
import { TYPE_LABELS } from '../data/messages';

/** The four feedback types as radio cards (native radios: arrow keys move between them). */
export function TypePicker({ value, onChange, error, ref }: { value: string; onChange(value: string): void; error: string | null; ref?: React.Ref<HTMLInputElement> }) {
  const { t, i18n } = useLingui();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'feedback-type-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-ink">{t`Type`}</legend>
      <div className="grid grid-cols-2 gap-2">
        {FEEDBACK_TYPES.map((type, i) => (
          <label
            key={type}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary has-[:focus-visible]:outline-solid',
              value === type ? 'border-primary bg-primary/10 font-medium' : 'border-line hover:bg-surface-2',
            )}
          >
            <input
              ref={i === 0 ? ref : undefined}
              type="radio"
              name="feedback-type"
              value={type}
              checked={value === type}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(type)}
              className="accent-[var(--color-primary)]"
            />
            {i18n._(TYPE_LABELS[type])}
          </label>
        ))}
      </div>
      {error && (
        <p id="feedback-type-error" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
