import { useCallback } from 'react';
import type { CalendarActions, OccurrenceScope } from '../data/actions';
import type { EntryProps } from '../data/to-fc';
import { moveFields, type DroppedAt } from '../logic/move';

/**
 * Which occurrences a drag of one occurrence of a series moves. The event dialog's `askOccurrenceScope()`
 * ("this event / this and following / all events") is not on main yet: until it is, the whole series moves
 * (`event.editOccurrence` with 'all' moves every occurrence alike).
 */
const askOccurrenceScope = (): Promise<OccurrenceScope | null> => Promise.resolve('all');

/**
 * The drag and resize handler: the dropped position becomes `event.move` of the stored event (in its own zone);
 * for an occurrence of a series, `event.editOccurrence` in the chosen scope (an override, a split, the series).
 * A cancelled choice or a refused write puts the event back.
 */
export function useMoveHandler(actions: CalendarActions, viewZone: string) {
  return useCallback(
    (entry: EntryProps, at: DroppedAt, revert: () => void) => {
      if (entry.kind !== 'event' || entry.readonly) return revert();
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
    [actions, viewZone],
  );
}
