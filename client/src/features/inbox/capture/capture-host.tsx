import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'wouter';
import { cn, focusRing } from '../../../components/ui/cn';
import { Icon } from '../../../components/ui/icon';
import { whenIdle } from '../../../lib/idle';
import { useCaptureKey } from './capture-key';
import { registerCaptureOpener } from './capture-state';
import { START_ICONS } from '../../../components/ui/start-icons';

type DialogModule = typeof import('./capture-dialog');
let dialogModule: DialogModule | null = null;
let dialogLoading: Promise<DialogModule> | null = null;

/**
 * The capture dialog is its own chunk (out of the start-up JS), fetched when the browser is first idle after the
 * host mounts, so it is there by the time anyone presses Q; an open before that waits for it once.
 */
export function preloadCaptureDialog(): Promise<DialogModule> {
  return (dialogLoading ??= import('./capture-dialog').then(
    (m) => (dialogModule = m),
    (err: unknown) => {
      dialogLoading = null;
      throw err;
    },
  ));
}

/**
 * Quick capture on every signed-in screen (mounted once in the layout): the round + button bottom-right, the Q
 * key and `?capture=1` open the capture dialog. Once its chunk is in (preloaded at idle), the dialog is mounted
 * hidden, rendered synchronously on open (flushSync) and its field focused in the same task as the key press.
 */
export function CaptureHost({ userId }: { userId: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogModule | null>(dialogModule);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [params, setParams] = useSearchParams();

  const show = useCallback(() => {
    if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) returnTo.current = document.activeElement;
    const loaded = dialogModule;
    if (!loaded) {
      // Only in the first moments after start: open once the chunk is in (the effect below focuses).
      void preloadCaptureDialog().then((m) => {
        setDialog(m);
        setOpen(true);
      });
      return;
    }
    flushSync(() => {
      setDialog(loaded);
      setOpen(true);
    });
    fieldRef.current?.focus();
  }, []);
  useEffect(() => {
    if (dialog) return;
    let live = true;
    const cancel = whenIdle(() => void preloadCaptureDialog().then((m) => live && setDialog(m), () => undefined), 2000);
    return () => {
      live = false;
      cancel();
    };
  }, [dialog]);
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
          'fixed right-4 bottom-[max(calc(var(--nav-h,0px)+1rem),env(safe-area-inset-bottom))] z-30 flex size-14 items-center justify-center rounded-full bg-section-inbox text-white shadow-lg',
          'transition-transform hover:scale-105 active:scale-95 print:hidden sm:right-6 sm:bottom-6',
          focusRing,
        )}
        data-testid="capture-button"
      >
        <Icon path={START_ICONS.plus} size={28} />
      </button>
      {dialog && <dialog.CaptureDialog key={userId} open={open} userId={userId} fieldRef={fieldRef} onClose={hide} />}
    </>
  );
}
