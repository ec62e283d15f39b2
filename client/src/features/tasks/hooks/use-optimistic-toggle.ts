import { useCallback, useEffect, useState } from 'react';

/**
 * A completion flag that flips at once and catches up with the database (SPEC section 4: a failed completion
 * reverts the local flag). `failed` is set when the write was refused, until the next attempt.
 */
export function useOptimisticToggle(checked: boolean, write: (next: boolean) => Promise<unknown>) {
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const shown = optimistic ?? checked;

  useEffect(() => {
    if (optimistic !== null && optimistic === checked) setOptimistic(null);
  }, [checked, optimistic]);

  const toggle = useCallback(() => {
    const next = !shown;
    setOptimistic(next);
    setFailed(false);
    write(next).then(
      () => undefined,
      (err: unknown) => {
        console.error('Task completion failed', err);
        setOptimistic(null);
        setFailed(true);
      },
    );
  }, [shown, write]);

  return { checked: shown, toggle, failed };
}
