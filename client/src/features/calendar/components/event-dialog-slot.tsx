import type { UserPrefs } from '../../../lib/use-prefs';
import type { MoveFields } from '../logic/move';
import { QuickEventDialog } from './quick-event-dialog';

/** What the event dialog opens on (the dialog's contract, `dialog/index.ts`). */
export interface EventDialogTarget {
  mode: 'view' | 'create';
  /** view: the stored event (series or single) */
  eventId?: string;
  /** view of one occurrence of a series */
  occurrence?: { seriesId: string; originalStart: string };
  /** create */
  initial?: { startDate: string; startTime?: string | null; endTime?: string | null; allDay: boolean };
}

export interface EventDialogSlotProps {
  target: EventDialogTarget | null;
  prefs: UserPrefs;
  onCreate(title: string, fields: MoveFields): Promise<string>;
  onClose(): void;
}

/**
 * Where the event dialog opens. Until the event dialog (`./dialog`) is on main, a create target gets the quick
 * title form and a view target nothing; then this renders `<EventDialog target onClose />`.
 */
export function EventDialogSlot({ target, prefs, onCreate, onClose }: EventDialogSlotProps) {
  if (!target || target.mode !== 'create' || !target.initial) return null;
  const { startDate, startTime = null, endTime = null, allDay } = target.initial;
  return (
    <QuickEventDialog
      key={`${startDate}T${startTime}`}
      initial={target.initial}
      clockMode={prefs.clockMode}
      locale={prefs.locale}
      onSave={(title) => onCreate(title, { startDate, endDate: null, startTime: allDay ? null : startTime, endTime: allDay ? null : endTime, allDay }).then(() => undefined)}
      onClose={onClose}
    />
  );
}
