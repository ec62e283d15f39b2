import { Switch } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn, focusRing } from '../../../components/ui/cn';

export interface SwitchRowProps {
  label: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  disabled?: boolean;
  /** Content after the switch (a help button). */
  end?: ReactNode;
}

/** A labelled on/off switch on one row. */
export function SwitchRow({ label, checked, onCheckedChange, disabled, end }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:opacity-50',
          checked ? 'bg-primary' : 'bg-line',
          focusRing,
        )}
      >
        <Switch.Thumb className={cn('block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5.5' : 'translate-x-0.5')} />
      </Switch.Root>
      <label htmlFor={id} className="flex-1 text-sm">
        {label}
      </label>
      {end}
    </div>
  );
}
