import { Trans, useLingui } from '@lingui/react/macro';
import { mdiCalendarBlank } from '@mdi/js';
import { Dialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { DATE_PRESETS, formatMediumDate, presetDate, type DatePreset } from '../../lib/dates';
import { Button } from './button';
import { Calendar } from './calendar';
import { PopoverField, PopoverPanel } from './popover-field';
import { useNarrowScreen } from './use-media-query';

export interface DatePickerProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
  onChange(value: string): void;
  today: string;
  weekStartDay: number;
  locale: string;
  hint?: ReactNode;
  error?: ReactNode;
  placeholder?: string;
}

function usePresetLabels(): Record<DatePreset, string> {
  const { t } = useLingui();
  return { today: t`Today`, tomorrow: t`Tomorrow`, weekend: t`Weekend`, nextWeek: t`Next week`, nextMonth: t`Next month` };
}

/** Start on the selected day (or today) in the month grid; the presets are one Shift+Tab away. */
function focusDay(e: Event) {
  const day = (e.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-calendar-grid] [tabindex="0"]');
  if (day) {
    e.preventDefault();
    day.focus();
  }
}

/**
 * A date field: a button showing the date opens a calendar with presets (SPEC section 9: today, tomorrow,
 * weekend, next week by the user's week start, next month) and Clear. Below 600 px it opens as a bottom sheet.
 */
export function DatePicker({ label, value, onChange, today, weekStartDay, locale, hint, error, placeholder }: DatePickerProps) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const presets = usePresetLabels();
  const narrow = useNarrowScreen();
  const pick = (date: string) => {
    onChange(date);
    setOpen(false);
  };
  const panel = (
    <>
      <div className="mb-3 flex max-w-[18.5rem] flex-wrap gap-1.5" role="group" aria-label={t`Quick dates`}>
        {DATE_PRESETS.map((p) => (
          <button
            type="button"
            key={p}
            onClick={() => pick(presetDate(p, today, weekStartDay))}
            title={formatMediumDate(presetDate(p, today, weekStartDay), locale)}
            className="min-h-9 rounded-full border border-line px-2.5 text-[0.8125rem] hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-primary"
          >
            {presets[p]}
          </button>
        ))}
      </div>
      <Calendar value={value} onSelect={pick} today={today} weekStartDay={weekStartDay} locale={locale} />
      <div className="mt-2 flex justify-between gap-2 border-t border-line pt-2">
        <Button variant="ghost" size="sm" onClick={() => pick('')} disabled={!value}>
          <Trans>Clear</Trans>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
          <Trans>Close</Trans>
        </Button>
      </div>
    </>
  );
  return (
    <PopoverField
      label={label}
      icon={mdiCalendarBlank}
      display={value ? formatMediumDate(value, locale) : null}
      placeholder={placeholder ?? t`No date`}
      onClear={() => onChange('')}
      clearLabel={t`Clear ${label}`}
      hint={hint}
      error={error}
      open={open}
      onOpenChange={setOpen}
    >
      {narrow ? (
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/40" />
            <Dialog.Content
              onOpenAutoFocus={focusDay}
              className="fixed inset-x-0 bottom-0 z-[70] max-h-dvh overflow-y-auto rounded-t-2xl border-t border-line bg-surface px-4 pb-[max(1rem,env(safe-area-inset-bottom))] pt-4 text-ink shadow-2xl outline-none"
            >
              <Dialog.Title className="mb-3 text-base font-semibold">{label}</Dialog.Title>
              <Dialog.Description className="sr-only">{label}</Dialog.Description>
              <div className="mx-auto w-fit">{panel}</div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : (
        <PopoverPanel aria-label={label} onOpenAutoFocus={focusDay} className="max-h-[var(--radix-popover-content-available-height)] overflow-y-auto p-3">
          {panel}
        </PopoverPanel>
      )}
    </PopoverField>
  );
}
