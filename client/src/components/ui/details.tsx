import { Trans, useLingui } from '@lingui/react/macro';
import { mdiDelete, mdiPencil } from '@mdi/js';
import type { ReactNode } from 'react';
import { Button } from './button';

/** One labelled value of a details dialog's `<dl>`. */
export function DetailField({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="flex flex-wrap items-center gap-1.5 text-sm">{children}</dd>
    </div>
  );
}

/** The dash a details dialog shows for an empty value. */
export function NoValue() {
  return <span className="text-muted">—</span>;
}

/** A record's description under its heading, or 'No description.'. */
export function DescriptionSection({ text }: { text: string }) {
  return (
    <section>
      <h3 className="mb-1 text-xs font-medium uppercase tracking-wide text-muted">
        <Trans>Description</Trans>
      </h3>
      {text.trim() ? (
        <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">{text}</p>
      ) : (
        <p className="text-sm text-muted">
          <Trans>No description.</Trans>
        </p>
      )}
    </section>
  );
}

export interface DetailsFooterProps {
  onDelete(): void;
  onClose(): void;
  onEdit(): void;
  /** The record's own action between Close and Edit (Complete, Complete today). */
  children?: ReactNode;
}

/** A details dialog's footer: Delete on the left (icon only when narrow), Close (hidden when narrow), Edit. */
export function DetailsFooter({ onDelete, onClose, onEdit, children }: DetailsFooterProps) {
  const { t } = useLingui();
  return (
    <>
      <Button variant="ghost" icon={mdiDelete} className="mr-auto text-danger max-sm:px-3" onClick={onDelete} aria-label={t`Delete`}>
        <span className="max-sm:sr-only">
          <Trans>Delete</Trans>
        </span>
      </Button>
      <Button variant="ghost" onClick={onClose} className="max-sm:hidden">
        <Trans>Close</Trans>
      </Button>
      {children}
      <Button variant="primary" icon={mdiPencil} onClick={onEdit} className="max-sm:px-3">
        <Trans>Edit</Trans>
      </Button>
    </>
  );
}
