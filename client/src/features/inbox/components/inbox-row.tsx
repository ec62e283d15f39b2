import { Trans, useLingui } from '@lingui/react/macro';
import { mdiDeleteOutline } from '@mdi/js';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { IconButton } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn, fieldBox, focusRing } from '../../../components/ui/cn';
import type { InboxItem } from '../inbox-data';
import { ConvertMenu, type ConvertChoice } from './convert-menu';
import { relativeTime } from '../../../lib/relative-time';

export interface InboxRowProps {
  item: InboxItem;
  now: number;
  locale: string;
  selecting: boolean;
  selected: boolean;
  highlighted: boolean;
  onSelect(id: string, selected: boolean): void;
  onSave(id: string, text: string): void;
  onDelete(item: InboxItem): void;
  onConvert(item: InboxItem, choice: ConvertChoice): void;
}

function SourceBadge({ source }: { source: InboxItem['source'] }) {
  if (source === 'app') return null;
  return (
    <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-medium text-muted">
      {source === 'telegram' ? <Trans>Telegram</Trans> : <Trans>Shared</Trans>}
    </span>
  );
}

/**
 * One inbox item: its text (first line stronger), when it came and from where; click or Enter on the text
 * edits it in place (Enter saves, Shift+Enter a new line, Escape cancels); convert and delete on the right.
 */
export const InboxRow = memo(function InboxRow({ item, now, locale, selecting, selected, highlighted, onSelect, onSave, onDelete, onConvert }: InboxRowProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.text);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const textRef = useRef<HTMLButtonElement>(null);
  const newline = item.text.indexOf('\n');
  const first = newline < 0 ? item.text : item.text.slice(0, newline);
  const rest = newline < 0 ? '' : item.text.slice(newline + 1).trim();

  useLayoutEffect(() => {
    const el = fieldRef.current;
    if (!editing || !el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [editing, draft]);

  const startEdit = () => {
    setDraft(item.text);
    setEditing(true);
  };
  const finish = (save: boolean) => {
    setEditing(false);
    const text = draft.trim();
    if (save && text && text !== item.text) onSave(item.id, text);
    requestAnimationFrame(() => textRef.current?.focus());
  };

  return (
    <li
      id={`inbox-${item.id}`}
      data-testid="inbox-item"
      className={cn(
        'flex items-start gap-2 rounded-xl border border-line bg-surface px-3 py-2 transition-shadow',
        highlighted && 'ring-2 ring-section-inbox',
        selected && 'bg-surface-2',
      )}
    >
      {selecting && (
        <Checkbox checked={selected} onCheckedChange={(v) => onSelect(item.id, v)} label={t`Select “${first}”`} className="-ml-2 -my-1" />
      )}
      <div className="min-w-0 flex-1">
        {editing ? (
          <textarea
            ref={fieldRef}
            autoFocus
            aria-label={t`Edit item`}
            value={draft}
            maxLength={10_000}
            rows={1}
            className={cn(fieldBox, 'resize-none py-1.5 leading-normal')}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => editing && finish(true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                finish(true);
              } else if (e.key === 'Escape') {
                e.preventDefault();
                e.stopPropagation();
                setDraft(item.text);
                finish(false);
              }
            }}
          />
        ) : (
          <button
            ref={textRef}
            type="button"
            onClick={selecting ? () => onSelect(item.id, !selected) : startEdit}
            className={cn('block w-full rounded-md text-left', focusRing)}
          >
            {/* The name starts with the action and holds all the visible text (axe: label-content-name-mismatch). */}
            {!selecting && <span className="sr-only">{t`Edit`}: </span>}
            <span className="block font-medium break-words whitespace-pre-wrap">{first}</span>
            {rest && <span className="line-clamp-3 block text-sm break-words whitespace-pre-wrap text-muted">{rest}</span>}
          </button>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
          <time dateTime={item.createdAt}>{relativeTime(item.createdAt, now, locale)}</time>
          <SourceBadge source={item.source} />
        </div>
      </div>
      {!selecting && !editing && (
        <div className="-mr-1 flex shrink-0 items-center">
          <ConvertMenu onChoose={(choice) => onConvert(item, choice)} />
          <IconButton icon={mdiDeleteOutline} size="sm" label={t`Delete`} onClick={() => onDelete(item)} />
        </div>
      )}
    </li>
  );
});
