import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn, focusRing } from './cn';

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
