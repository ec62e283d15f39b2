import { useLingui } from '@lingui/react/macro';
import { mdiClose } from '@mdi/js';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { IconButton } from './button';
import { cn } from './cn';

/** Dialog widths of SPEC section 9: delete confirmation, small dialogs, forms, task details, note editor. */
export type DialogWidth = 300 | 400 | 600 | 700 | 1200;

const MAX_WIDTH: Record<DialogWidth, string> = {
  300: 'max-w-[300px]',
  400: 'max-w-[400px]',
  600: 'max-w-[600px]',
  700: 'max-w-[700px]',
  1200: 'max-w-[1200px]',
};

/** Below 600 px (SPEC's narrow screen) a full-screen dialog covers the whole window. */
const FULL_SCREEN_NARROW =
  'max-[600px]:inset-0 max-[600px]:h-dvh max-[600px]:max-h-none max-[600px]:w-full max-[600px]:max-w-none ' +
  'max-[600px]:translate-none max-[600px]:rounded-none max-[600px]:border-0';

export interface AppDialogProps {
  open: boolean;
  /** Called with false on Esc, a click outside or the close button; the owner decides whether to close. */
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** Hide the title visually (it still names the dialog for screen readers). */
  hideTitle?: boolean;
  description?: ReactNode;
  width?: DialogWidth;
  fullScreenOnNarrow?: boolean;
  /** Extra content next to the title (actions). */
  headerEnd?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
  onOpenAutoFocus?: ComponentProps<typeof RadixDialog.Content>['onOpenAutoFocus'];
  className?: string;
  'data-testid'?: string;
}

/** A modal dialog (Radix: focus trap, Esc, return focus) with a header, a scrolling body and a footer. */
export function AppDialog({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  width = 600,
  fullScreenOnNarrow,
  headerEnd,
  footer,
  children,
  onOpenAutoFocus,
  className,
  'data-testid': testId,
}: AppDialogProps) {
  const { t } = useLingui();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40 motion-safe:animate-[page-fade-in_120ms_ease-out]" />
        <RadixDialog.Content
          data-testid={testId}
          onOpenAutoFocus={onOpenAutoFocus}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl border border-line bg-surface text-ink shadow-2xl outline-none motion-safe:animate-[page-fade-in_140ms_ease-out]',
            MAX_WIDTH[width],
            fullScreenOnNarrow && FULL_SCREEN_NARROW,
            className,
          )}
        >
          <div className={cn('flex items-start gap-2 px-5 pt-4', hideTitle ? 'pb-0' : 'pb-2')}>
            <RadixDialog.Title className={hideTitle ? 'sr-only' : 'min-w-0 flex-1 pt-1.5 text-lg font-semibold break-words'}>{title}</RadixDialog.Title>
            {hideTitle && <div className="flex-1" />}
            {headerEnd}
            <RadixDialog.Close asChild>
              <IconButton icon={mdiClose} label={t`Close`} size="sm" className="-mr-2" />
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="px-5 text-sm text-muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{typeof title === 'string' ? title : ''}</RadixDialog.Description>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-4 pt-2">{children}</div>
          {footer && <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
