import { useLingui } from '@lingui/react/macro';
import { weekdayOf } from '@adhd/shared/time';
import { useEffect, useState } from 'react';
import { cn, focusRing } from '../../../../components/ui/cn';
import { DatePicker } from '../../../../components/ui/date-picker';
import { SelectField } from '../../../../components/ui/select';
import { TextField } from '../../../../components/ui/text-field';
import { addMonths, weekdayNames } from '../../../../lib/dates';
import { buildRrule, MAX_COUNT, MAX_INTERVAL, parseRrule, type Repeat, type RepeatEnd, type RepeatFrequency } from '../logic/rrule';

export interface RecurrencePickerProps {
  /** The RRULE value, or null for a one-off event. */
  value: string | null;
  onChange(value: string | null): void;
  /** The event's start date: a weekly rule starts on its weekday, 'until' defaults after it. */
  startDate: string;
  today: string;
  weekStartDay: number;
  locale: string;
}

type Choice = 'none' | RepeatFrequency | 'custom';
type EndKind = RepeatEnd['kind'];

/** A number field that keeps what the user types and reports only valid numbers 1…max. */
function CountField({ label, value, max, onChange }: { label: string; value: number; max: number; onChange(n: number): void }) {
  const { t } = useLingui();
  const [text, setText] = useState(String(value));
  useEffect(() => setText((old) => (Number(old) === value ? old : String(value))), [value]);
  const n = Number(text);
  const invalid = !/^\d+$/.test(text) || n < 1 || n > max;
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const next = Number(e.target.value);
        if (/^\d+$/.test(e.target.value) && next >= 1 && next <= max) onChange(next);
      }}
      error={invalid ? t`Enter a number from 1 to ${max}` : undefined}
    />
  );
}

/**
 * The recurrence picker (issue 15): none, daily, weekly on chosen days (toggles from the user's week start),
 * monthly, yearly, every N; ends never, on a date or after N times. It edits an RRULE value (`logic/rrule.ts`);
 * a stored rule outside that subset shows as 'Custom rule' and is kept unless another choice is made.
 */
export function RecurrencePicker({ value, onChange, startDate, today, weekStartDay, locale }: RecurrencePickerProps) {
  const { t } = useLingui();
  const repeat = value ? parseRrule(value) : null;
  const choice: Choice = value === null ? 'none' : repeat ? repeat.freq : 'custom';
  const emit = (next: Repeat) => onChange(buildRrule(next));
  const startDay = weekdayOf(startDate || today);

  const choices: { value: Choice; label: string }[] = [
    { value: 'none', label: t`Does not repeat` },
    { value: 'daily', label: t`Daily` },
    { value: 'weekly', label: t`Weekly` },
    { value: 'monthly', label: t`Monthly` },
    { value: 'yearly', label: t`Yearly` },
    ...(choice === 'custom' ? [{ value: 'custom' as const, label: t`Custom rule` }] : []),
  ];
  const pick = (next: Choice) => {
    if (next === 'none') return onChange(null);
    if (next === 'custom') return;
    const base = repeat ?? { interval: 1, byDay: [], end: { kind: 'never' } as RepeatEnd };
    emit({ ...base, freq: next, byDay: next === 'weekly' ? (base.byDay.length > 0 ? base.byDay : [startDay]) : [] });
  };

  const intervalLabels: Record<RepeatFrequency, string> = {
    daily: t`Every how many days`,
    weekly: t`Every how many weeks`,
    monthly: t`Every how many months`,
    yearly: t`Every how many years`,
  };
  const endChoices: { value: EndKind; label: string }[] = [
    { value: 'never', label: t`Never` },
    { value: 'until', label: t`On a date` },
    { value: 'count', label: t`After a number of times` },
  ];
  const setEnd = (kind: EndKind) => {
    if (!repeat) return;
    const end: RepeatEnd =
      kind === 'never' ? { kind } : kind === 'until' ? { kind, date: addMonths(startDate || today, 1) } : { kind, count: 10 };
    emit({ ...repeat, end });
  };
  const names = weekdayNames(locale, weekStartDay, 'short');
  const longNames = weekdayNames(locale, weekStartDay, 'long');
  const count = repeat?.end.kind === 'count' ? repeat.end.count : 1;

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="sr-only">{t`Repeat`}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField<Choice> label={t`Repeat`} value={choice} onValueChange={pick} options={choices} hint={choice === 'custom' ? value : undefined} />
        {repeat && (
          <CountField label={intervalLabels[repeat.freq]} value={repeat.interval} max={MAX_INTERVAL} onChange={(interval) => emit({ ...repeat, interval })} />
        )}
      </div>
      {repeat && (
        <>
          {repeat.freq === 'weekly' && (
            <div role="group" aria-label={t`Repeat on`} className="grid grid-cols-7 gap-1 sm:flex sm:flex-wrap">
              {names.map((name, i) => {
                const day = (weekStartDay + i) % 7;
                const days = repeat.byDay.length > 0 ? repeat.byDay : [startDay];
                const on = days.includes(day);
                return (
                  <button
                    key={day}
                    type="button"
                    aria-pressed={on}
                    aria-label={longNames[i]}
                    onClick={() => {
                      const next = on ? days.filter((d) => d !== day) : [...days, day];
                      if (next.length > 0) emit({ ...repeat, byDay: next });
                    }}
                    className={cn(
                      'min-h-11 rounded-full border px-1 text-sm sm:min-h-9 sm:min-w-11 sm:px-2',
                      focusRing,
                      on ? 'border-primary bg-primary text-primary-contrast' : 'border-line text-ink hover:bg-surface-2',
                    )}
                  >
                    {name}
                  </button>
                );
              })}
            </div>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField<EndKind> label={t`Ends`} value={repeat.end.kind} onValueChange={setEnd} options={endChoices} />
            {repeat.end.kind === 'until' && (
              <DatePicker
                label={t`Repeat until`}
                value={repeat.end.date}
                onChange={(date) => emit({ ...repeat, end: date ? { kind: 'until', date } : { kind: 'never' } })}
                today={today}
                weekStartDay={weekStartDay}
                locale={locale}
              />
            )}
            {repeat.end.kind === 'count' && (
              <CountField
                label={t`Number of times`}
                value={count}
                max={MAX_COUNT}
                onChange={(c) => emit({ ...repeat, end: { kind: 'count', count: c } })}
              />
            )}
          </div>
        </>
      )}
    </fieldset>
  );
}
