import { useState, type FormEvent } from 'react';
import { toProblem, type AuthProblem } from './errors';
import type { FieldProblem } from './messages';
import { pickFields, useFieldErrors } from './use-field-errors';
import { validate } from './validation';

/**
 * The submit cycle every auth form shares: the client checks first (focus moves to the first invalid field),
 * then the call while the button is busy; a failure becomes a problem kind. `handle` may take a problem first
 * (answering true when it did); server field details go to their fields; anything else is the form's `problem`.
 */
export function useAuthForm<F extends string>(order: readonly F[]) {
  const fields = useFieldErrors(order);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<AuthProblem | null>(null);

  const onSubmit =
    (checks: () => [F, FieldProblem | null][], run: () => Promise<void>, handle?: (p: AuthProblem) => boolean) =>
    async (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      setProblem(null);
      if (!fields.show(validate(checks()).problems)) return;
      setBusy(true);
      try {
        await run();
      } catch (err) {
        const p = toProblem(err);
        if (handle?.(p)) return;
        if (p.kind === 'fields' && !fields.show(pickFields(p.fields, order))) return;
        setProblem(p);
      } finally {
        setBusy(false);
      }
    };

  return { fields, busy, problem, setProblem, onSubmit };
}
