import { useLingui } from '@lingui/react/macro';
import { mdiPlus } from '@mdi/js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'wouter';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { CaptureDialog } from './capture-dialog';
import { useCaptureKey } from './capture-key';
import { registerCaptureOpener } from './capture-state';

/**
 * Quick capture on every signed-in screen (mounted once in the layout): the round + button bottom-right, the Q
 * key and `?capture=1` open the capture dialog. The dialog is rendered synchronously on open (flushSync) and
 * its field focused in the same task as the key press.
 */
export function CaptureHost({ userId }: { userId: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [params, setParams] = useSearchParams();

  const show = useCallback(() => {
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) returnTo.current = document.activeElement;
    flushSync(() => setOpen(true));
    fieldRef.current?.focus();
  }, []);
  const hide = useCallback(() => {
    setOpen(false);
    const back = returnTo.current;
    returnTo.current = null;
    if (back?.isConnected) back.focus();
  }, []);

  useEffect(() => registerCaptureOpener(show), [show]);
  useCaptureKey(show);

  const wantsCapture = params.get('capture') === '1';
  useEffect(() => {
    if (!wantsCapture) return;
    const next = new URLSearchParams(params);
    next.delete('capture');
    setParams(next, { replace: true });
    setOpen(true); // not show(): flushSync is not allowed inside an effect; the effect below focuses
  }, [wantsCapture, params, setParams]);
  useEffect(() => {
    if (open && document.activeElement !== fieldRef.current) fieldRef.current?.focus();
  }, [open]);

  return (
    <>
      <button
        type="button"
        aria-label={t`Capture (Q)`}
        title={t`Capture (Q)`}
        aria-keyshortcuts="Q"
        hidden={open}
        onClick={show}
        className={cn(
          'fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 flex size-14 items-center justify-center rounded-full bg-section-inbox text-white shadow-lg',
          'transition-transform hover:scale-105 active:scale-95 print:hidden sm:right-6 sm:bottom-6',
          focusRing,
        )}
        data-testid="capture-button"
      >
        <Icon path={mdiPlus} size={28} />
      </button>
      <CaptureDialog key={userId} open={open} userId={userId} fieldRef={fieldRef} onClose={hide} />
    </>
  );
}
