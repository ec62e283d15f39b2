import type { ReactNode } from 'react';

const TONES = {
  error: 'border-danger/40 bg-danger/10 text-ink',
  success: 'border-success/40 bg-success/10 text-ink',
  info: 'border-line bg-surface-2 text-ink',
} as const;

/** A message above or below a form. Errors are announced at once (role alert), the others politely. */
export function FormAlert({ tone = 'error', title, children }: { tone?: keyof typeof TONES; title?: ReactNode; children?: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border px-4 py-3 text-sm ${TONES[tone]}`}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? 'mt-1 space-y-1' : 'space-y-1'}>{children}</div>}
    </div>
  );
}
