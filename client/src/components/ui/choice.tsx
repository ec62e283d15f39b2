import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn, focusRing } from './cn';
import { Icon } from './icon';

/** How a choice says it is the chosen one: a listbox option or tab is selected, a radio checked, a toggle pressed. */
export type ChoiceRole = 'option' | 'tab' | 'radio' | 'toggle';

/** The looks of a chosen and an unchosen choice: a bordered card, or a tab/segment. */
const TONES = {
  card: ['border-primary bg-primary/10', 'border-line hover:bg-surface-2'],
  tab: ['bg-primary/10 font-medium text-primary', 'text-muted hover:text-ink'],
} as const;

export interface ChoiceButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'role'> {
  selected: boolean;
  choiceRole: ChoiceRole;
  tone?: keyof typeof TONES;
  /** Extra classes for the chosen state only. */
  selectedClassName?: string;
  /** Extra classes for the unchosen state only. */
  idleClassName?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** One choice of a picker (an option of a searchable list, a tab, an icon, a view switch) with its state for assistive tech. */
export function ChoiceButton({ selected, choiceRole, tone = 'card', selectedClassName, idleClassName, className, type = 'button', ...props }: ChoiceButtonProps) {
  const state =
    choiceRole === 'radio' ? { 'aria-checked': selected } : choiceRole === 'toggle' ? { 'aria-pressed': selected } : { 'aria-selected': selected };
  return (
    <button
      type={type}
      role={choiceRole === 'toggle' ? undefined : choiceRole}
      {...state}
      className={cn(className, focusRing, selected ? TONES[tone][0] : TONES[tone][1], selected ? selectedClassName : idleClassName)}
      {...props}
    />
  );
}

export interface ChoiceOption<V extends string> {
  value: V;
  label: ReactNode;
  /** An @mdi/js path before the label; the label is then hidden (kept for screen readers) when narrow. */
  icon?: string;
}

export interface ChoiceGroupProps<V extends string> {
  label: string;
  value: V;
  options: readonly ChoiceOption<V>[];
  onChange(value: V): void;
  /** A tab list (the panel is the caller's) instead of a group of toggle buttons. */
  tabs?: boolean;
  className?: string;
  buttonClassName?: string;
  selectedClassName?: string;
  idleClassName?: string;
}

/** A row of choices of which one is chosen: toggle buttons, or tabs. */
export function ChoiceGroup<V extends string>({ label, value, options, onChange, tabs, className, buttonClassName, selectedClassName, idleClassName }: ChoiceGroupProps<V>) {
  return (
    <div role={tabs ? 'tablist' : 'group'} aria-label={label} className={className}>
      {options.map((o) => (
        <ChoiceButton
          key={o.value}
          choiceRole={tabs ? 'tab' : 'toggle'}
          tone="tab"
          selected={value === o.value}
          onClick={() => onChange(o.value)}
          className={buttonClassName}
          selectedClassName={selectedClassName}
          idleClassName={idleClassName}
        >
          {o.icon && <Icon path={o.icon} size={18} />}
          {o.icon ? <span className="max-sm:sr-only">{o.label}</span> : o.label}
        </ChoiceButton>
      ))}
    </div>
  );
}

/** A framed switch between views (list/tree, month/year). */
export function SegmentedControl<V extends string>({ buttonClassName, ...props }: Omit<ChoiceGroupProps<V>, 'tabs' | 'className'>) {
  return <ChoiceGroup {...props} className="flex rounded-lg border border-line p-0.5" buttonClassName={cn('min-h-10 rounded-md text-sm sm:min-h-8', buttonClassName)} />;
}
