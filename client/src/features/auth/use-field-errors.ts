import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { fieldMessage, type FieldProblem } from './messages';
import type { FieldProblems } from './validation';

/**
 * Per-field problems of a form: the translated text of each, a ref per input, and `show()`, which sets the
 * problems and moves focus to the first invalid field in form order. `bind(field, set)` gives a text field all
 * of it at once: its ref, its error, and an onChange that stores the value and clears the field's error.
 */
export function useFieldErrors<F extends string>(order: readonly F[]) {
  const { i18n } = useLingui();
  const [problems, setProblems] = useState<FieldProblems<F>>({});
  const refs = useRef<Partial<Record<F, HTMLElement | null>>>({});

  const ref = useCallback(
    (field: F) => (el: HTMLElement | null) => {
      refs.current[field] = el;
    },
    [],
  );

  /** Shows the problems; true when there are none. */
  const show = (next: FieldProblems<F>): boolean => {
    setProblems(next);
    const first = order.find((f) => next[f]);
    if (first) refs.current[first]?.focus();
    return first === undefined;
  };

  const clear = (field: F) =>
    setProblems((p) => {
      if (!p[field]) return p;
      const { [field]: _removed, ...rest } = p;
      return rest as FieldProblems<F>;
    });

  const error = (field: F): string | null => {
    const p: FieldProblem | undefined = problems[field];
    return p ? i18n._(fieldMessage(p, field)) : null;
  };

  const focus = (field: F) => refs.current[field]?.focus();

  // Focus moves to the first invalid field, which reads its linked error: the form's alert is the one announcement.
  const bind = (field: F, set: (value: string) => void) => ({
    ref: ref(field),
    error: error(field),
    announceError: false,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      set(e.target.value);
      clear(field);
    },
  });

  return { problems, show, clear, error, ref, focus, bind };
}

export type FieldErrors<F extends string> = ReturnType<typeof useFieldErrors<F>>;

/** Server field details for the fields of this form (others are left to the caller's general message). */
export function pickFields<F extends string>(fields: Record<string, FieldProblem>, order: readonly F[]): FieldProblems<F> {
  const picked: FieldProblems<F> = {};
  for (const f of order) if (fields[f]) picked[f] = fields[f];
  return picked;
}
