import { Trans, useLingui } from '@lingui/react/macro';
import { mdiClockOutline, mdiClose, mdiCog } from '@mdi/js';
import { DropdownMenu, Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { formatTimeOfDay, nearestStep, parseTimeInput, timeSteps, type ClockMode } from '../../lib/dates';
import { Button, IconButton } from './button';
import { cn, fieldBox } from './cn';
import { PopoverPanel } from './popover-field';
import { describedBy, FieldFrame } from './text-field';

export interface TimePickerProps {
  label: string;
  /** `HH:mm`, or '' for no time. */
  value: string;
  onChange(value: string): void;
  /** The user's clock mode; the picker's settings menu can switch it for this picker. */
  clockMode: ClockMode;
  locale: string;
  hint?: ReactNode;
}

const STEPS = timeSteps();

/**
 * A time field (SPEC sections 5 and 9): type HH:mm or HH:mm:ss with an optional am/pm, or pick from a list in
 * 5-minute steps. A settings menu switches between 12-hour and 24-hour display; Done closes the list.
 */
export function TimePicker({ label, value, onChange, clockMode, locale, hint }: TimePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const [mode, setMode] = useState<ClockMode>(clockMode);
  const shown = value ? formatTimeOfDay(value, mode, locale) : '';
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!editing) setText(shown);
  }, [shown, editing]);

  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => {
      const target = listRef.current?.querySelector<HTMLElement>(`[data-time="${value ? nearestStep(value) : '09:00'}"]`);
      target?.scrollIntoView?.({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [open, value]);

  const commit = () => {
    setEditing(false);
    const parsed = parseTimeInput(text);
    if (parsed === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    if (parsed !== value) onChange(parsed);
    setText(parsed ? formatTimeOfDay(parsed, mode, locale) : '');
  };

  const choose = (time: string) => {
    setInvalid(false);
    onChange(time);
    setOpen(false);
  };

  const error = invalid ? t`Enter a time like 9:30, 14:30 or 2:30 pm` : undefined;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          <div className="relative flex items-center">
            <input
              id={id}
              inputMode="text"
              autoComplete="off"
              placeholder={t`No time`}
              value={text}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy(id, hint, error)}
              onChange={(e) => {
                setEditing(true);
                setText(e.target.value);
              }}
              onBlur={commit}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  commit();
                }
              }}
              className={cn(fieldBox, 'pr-24 text-sm')}
            />
            <span className="absolute right-0.5 flex">
              {value && <IconButton icon={mdiClose} size="sm" label={t`Clear ${label}`} onClick={() => choose('')} />}
              <Popover.Trigger asChild>
                <IconButton icon={mdiClockOutline} size="sm" label={t`Choose a time`} />
              </Popover.Trigger>
            </span>
          </div>
        </Popover.Anchor>
        <PopoverPanel
          align="end"
          aria-label={label}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            listRef.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
          }}
          className="flex w-56 flex-col"
        >
          <div className="flex items-center justify-between border-b border-line py-1 pl-3 pr-1">
            <span className="text-sm font-medium">{label}</span>
            <ClockModeMenu mode={mode} onChange={setMode} />
          </div>
          <div ref={listRef} role="listbox" aria-label={label} className="max-h-60 overflow-y-auto p-1">
            {STEPS.map((time) => (
              <button
                type="button"
                role="option"
                key={time}
                data-time={time}
                aria-selected={time === value}
                onClick={() => choose(time)}
                className={cn(
                  'flex min-h-10 w-full items-center rounded-md px-3 text-left text-sm tabular-nums outline-none hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-2 focus-visible:outline-primary',
                  time === value && 'bg-primary/10 font-semibold text-primary',
                )}
              >
                {formatTimeOfDay(time, mode, locale)}
              </button>
            ))}
          </div>
          <div className="flex justify-end border-t border-line p-1.5">
            <Popover.Close asChild>
              <Button variant="primary" size="sm">
                <Trans>Done</Trans>
              </Button>
            </Popover.Close>
          </div>
        </PopoverPanel>
      </Popover.Root>
    </FieldFrame>
  );
}

function ClockModeMenu({ mode, onChange }: { mode: ClockMode; onChange(mode: ClockMode): void }) {
  const { t } = useLingui();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <IconButton icon={mdiCog} size="sm" label={t`Time format`} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className="z-[80] min-w-40 rounded-lg border border-line bg-surface p-1 text-ink shadow-lg">
          <DropdownMenu.RadioGroup value={mode} onValueChange={(v) => onChange(v === '24h' ? '24h' : '12h')}>
            {(['12h', '24h'] as const).map((m) => (
              <DropdownMenu.RadioItem
                key={m}
                value={m}
                className="relative flex min-h-10 cursor-pointer select-none items-center rounded-md pl-8 pr-3 text-sm outline-none data-[highlighted]:bg-surface-2"
              >
                <DropdownMenu.ItemIndicator className="absolute left-2.5 size-2 rounded-full bg-primary" />
                {m === '12h' ? <Trans>12-hour</Trans> : <Trans>24-hour</Trans>}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
