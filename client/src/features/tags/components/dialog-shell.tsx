import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

interface DialogShellProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  /** Max width in px (SPEC section 9: 400 for the tag creation and confirmation dialogs). */
  maxWidth?: number;
  children: ReactNode;
}

/** A centred modal on Radix Dialog: focus trap, Esc and outside click close it, the title labels it. */
export function DialogShell({ open, onOpenChange, title, description, maxWidth = 400, children }: DialogShellProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />
        <Dialog.Content
          style={{ maxWidth }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-5 text-ink shadow-xl focus:outline-none"
        >
          <Dialog.Title className={`text-lg font-semibold ${description ? 'mb-1' : 'mb-4'}`}>{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mb-4 text-sm text-muted">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The Cancel / confirm row at the bottom of a dialog. */
export function DialogActions({ children, className = 'mt-5' }: { children: ReactNode; className?: string }) {
  return <div className={`flex flex-wrap justify-end gap-2 ${className}`}>{children}</div>;
}
