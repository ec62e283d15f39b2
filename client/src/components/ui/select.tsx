import { mdiCheck, mdiChevronDown } from '@mdi/js';
import { getNonce } from 'get-nonce';
import { Select as RadixSelect } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn, fieldBox } from './cn';
import { FieldFrame } from './text-field';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  /** Drawn before the label (a colour dot, say). */
  adornment?: ReactNode;
}

export interface SelectFieldProps<V extends string> {
  label: string;
  hideLabel?: boolean;
  value: V;
  onValueChange(value: V): void;
  options: readonly SelectOption<V>[];
  hint?: ReactNode;
  className?: string;
  triggerClassName?: string;
}

/** A labelled single choice from a short list (Radix Select: keyboard and screen-reader friendly). */
export function SelectField<V extends string>({ label, hideLabel, value, onValueChange, options, hint, className, triggerClassName }: SelectFieldProps<V>) {
  const id = useId();
  const current = options.find((o) => o.value === value);
  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} hint={hint} className={className}>
      <RadixSelect.Root value={value} onValueChange={(v) => onValueChange(v as V)}>
        <RadixSelect.Trigger id={id} className={cn(fieldBox, 'flex items-center justify-between gap-2 text-left text-sm', triggerClassName)}>
          <span className="flex min-w-0 items-center gap-2">
            {current?.adornment}
            {/* Radix drops a className on Value, so the ellipsis lives on a wrapper. */}
            <span className="min-w-0 truncate">
              <RadixSelect.Value>{current?.label}</RadixSelect.Value>
            </span>
          </span>
          <RadixSelect.Icon className="text-muted">
            <svg viewBox="0 0 24 24" width={18} height={18} className="fill-current" aria-hidden>
              <path d={mdiChevronDown} />
            </svg>
          </RadixSelect.Icon>
        </RadixSelect.Trigger>
        <RadixSelect.Portal>
          <RadixSelect.Content
            position="popper"
            sideOffset={4}
            className="z-[70] max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-line bg-surface text-ink shadow-lg"
          >
            {/* The viewport injects a small <style>; it carries the page's CSP nonce (main.tsx sets it). */}
            <RadixSelect.Viewport className="p-1" nonce={getNonce()}>
              {options.map((o) => (
                <RadixSelect.Item
                  key={o.value}
                  value={o.value}
                  className="relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-md py-2 pl-8 pr-3 text-sm outline-none data-[highlighted]:bg-surface-2 sm:min-h-9"
                >
                  <RadixSelect.ItemIndicator className="absolute left-2 flex text-primary">
                    <svg viewBox="0 0 24 24" width={16} height={16} className="fill-current" aria-hidden>
                      <path d={mdiCheck} />
                    </svg>
                  </RadixSelect.ItemIndicator>
                  {o.adornment}
                  <RadixSelect.ItemText>{o.label}</RadixSelect.ItemText>
                </RadixSelect.Item>
              ))}
            </RadixSelect.Viewport>
          </RadixSelect.Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </FieldFrame>
  );
}
