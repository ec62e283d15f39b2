import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from './button';

export interface ToastProps {
  message: ReactNode;
  actionLabel?: ReactNode;
  onAction?(): void;
  /** Called when the time is up or after the action. */
  onDismiss(): void;
  durationMs?: number;
}

/** A small message at the bottom of the screen with an optional action (Undo), gone after a few seconds. */
export function Toast({ message, actionLabel, onAction, onDismiss, durationMs = 6000 }: ToastProps) {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  useEffect(() => {
    const timer = setTimeout(() => dismiss.current(), durationMs);
    return () => clearTimeout(timer);
  }, [durationMs, message]);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--nav-h,0px)+1rem)] z-[80] flex justify-center px-4">
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-auto flex max-w-md items-center gap-3 rounded-xl bg-ink py-2 pl-4 pr-2 text-sm text-surface shadow-xl motion-safe:animate-[page-fade-in_160ms_ease-out]"
      >
        <span className="min-w-0 flex-1">{message}</span>
        {actionLabel && onAction && (
          <Button
            variant="ghost"
            size="sm"
            className="text-surface hover:bg-white/10 dark:hover:bg-black/10"
            onClick={() => {
              onAction();
              onDismiss();
            }}
          >
            {actionLabel}
          </Button>
        )}
      </div>
    </div>
  );
}
