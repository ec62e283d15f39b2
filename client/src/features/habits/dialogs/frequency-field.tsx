import { useLingui } from '@lingui/react/macro';
import { cn, focusRing } from '../../../components/ui/cn';
import { DatePicker } from '../../../components/ui/date-picker';
import { TextField } from '../../../components/ui/text-field';
import { weekdayNames } from '../../../lib/dates';
import { chooseMode, toggleDay, type FrequencyMode, type HabitFormValues } from '../logic/form';
import type { UserPrefs } from '../../../lib/use-prefs';

export interface FrequencyFieldProps {
  values: HabitFormValues;
  onChange(values: HabitFormValues): void;
  creating: boolean;
  readOnly: boolean;
  today: string;
  prefs: UserPrefs;
  errors: { frequency?: string; days?: string; interval?: string };
}

/** Daily / days of week / every N days, with the weekday toggles or the interval and its start date. */
export function FrequencyField({ values, onChange, creating, readOnly, today, prefs, errors }: FrequencyFieldProps) {
  const { t } = useLingui();
  const modes: { id: FrequencyMode; label: string }[] = [
    { id: 'daily', label: t`Daily` },
    { id: 'days', label: t`Days of week` },
    { id: 'interval', label: t`Every N days` },
  ];
  const names = weekdayNames(prefs.locale, prefs.weekStartDay, 'short');
  const longNames = weekdayNames(prefs.locale, prefs.weekStartDay, 'long');
  return (
    <fieldset className="flex flex-col gap-2" disabled={readOnly}>
      <legend className="mb-1 text-sm font-medium">{t`Frequency`}</legend>
      <div role="radiogroup" aria-label={t`Frequency`} className="grid grid-cols-3 gap-0.5 rounded-lg border border-line p-0.5 sm:flex sm:self-start">
        {modes.map((m) => (
          <button
            key={m.id}
            type="button"
            role="radio"
            aria-checked={values.mode === m.id}
            onClick={() => onChange(chooseMode(values, m.id, creating, today))}
            className={cn('min-h-10 rounded-md px-2 text-sm leading-tight sm:min-h-8 sm:px-3', focusRing, values.mode === m.id ? 'bg-primary/10 font-medium text-primary' : 'text-muted hover:text-ink')}
          >
            {m.label}
          </button>
        ))}
      </div>
      {errors.frequency && (
        <p role="alert" className="text-sm text-danger">
          {errors.frequency}
        </p>
      )}
      {values.mode === 'days' && (
        <div className="flex flex-col gap-1">
          <div role="group" aria-label={t`Days of week`} className="grid grid-cols-7 gap-1 sm:flex sm:flex-wrap">
            {names.map((name, i) => {
              const day = (prefs.weekStartDay + i) % 7;
              const on = values.days.includes(day);
              return (
                <button
                  key={day}
                  type="button"
                  aria-pressed={on}
                  aria-label={longNames[i]}
                  onClick={() => onChange(toggleDay(values, day))}
                  className={cn('min-h-11 rounded-full border px-1 text-sm sm:min-h-9 sm:min-w-11 sm:px-2', focusRing, on ? 'border-primary bg-primary text-primary-contrast' : 'border-line text-ink hover:bg-surface-2')}
                >
                  {name}
                </button>
              );
            })}
          </div>
          {errors.days && (
            <p role="alert" className="text-sm text-danger">
              {errors.days}
            </p>
          )}
        </div>
      )}
      {values.mode === 'interval' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Every how many days`}
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            value={values.interval}
            readOnly={readOnly}
            onChange={(e) => onChange({ ...values, interval: e.target.value })}
            error={errors.interval}
          />
          <DatePicker label={t`Start date`} value={values.startDate} onChange={(v) => onChange({ ...values, startDate: v || today })} today={today} weekStartDay={prefs.weekStartDay} locale={prefs.locale} />
        </div>
      )}
    </fieldset>
  );
}
