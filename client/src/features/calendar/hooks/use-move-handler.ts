import { useCallback } from 'react';
import { flash } from '../../../lib/flash';
import type { CalendarActions } from '../data/actions';
import { askOccurrenceScope, useEventMessages } from '../dialog';
import type { EntryProps } from '../data/to-fc';
import { moveFields, type DroppedAt } from '../logic/move';

/**
 * The drag and resize handler: the dropped position becomes `event.move` of the stored event (in its own zone);
 * for an occurrence of a series, `event.editOccurrence` in the scope the user picks ("This event", "This and
 * following events", "All events": the event dialog's `askOccurrenceScope`; 'all' moves every occurrence alike).
 * A cancelled choice or a refused write puts the event back; so does a read-only event (a Google one, SPEC
 * section 6), with 'This event is read-only and cannot be modified'.
 */
export function useMoveHandler(actions: CalendarActions, viewZone: string) {
  const { readOnly } = useEventMessages();
  return useCallback(
    (entry: EntryProps, at: DroppedAt, revert: () => void) => {
      if (entry.kind !== 'event') return revert();
      if (entry.readonly) {
        revert();
        return flash(readOnly);
      }
      const o = entry.occurrence;
      const fields = moveFields(at, o.event.timezone, viewZone);
      const run = async () => {
        if (!entry.recurring || !o.seriesId || !o.originalStart) return actions.move(o.eventId, fields);
        const scope = await askOccurrenceScope();
        if (scope === null) return revert();
        return actions.moveOccurrence(o.seriesId, o.originalStart, scope, fields);
      };
      run().catch((err: unknown) => {
        console.error('Moving the event failed', err);
        revert();
      });
    },
    [actions, viewZone, readOnly],
  );
}
