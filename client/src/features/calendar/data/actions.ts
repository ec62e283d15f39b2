import { newRowId, useDbActions } from '../../../db/actions';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';
import type { OccurrenceScope } from '../dialog';
import type { MoveFields } from '../logic/move';

/** The calendar's own writes (contract "Mutations"): moves by drag and resize (the event dialog has the others). */

export interface CalendarActions {
  /** A stored event (single, series or override) to new dates and times. */
  move(id: string, fields: MoveFields): Promise<void>;
  /** One occurrence of a series to new dates and times: it alone, it and the following ones, or all (moved alike). */
  moveOccurrence(seriesId: string, originalStart: string, scope: OccurrenceScope, fields: MoveFields): Promise<void>;
}

function actionsFor(need: () => AppDatabase): CalendarActions {
  return {
    async move(id, fields) {
      await mutate(need(), 'event.move', { id, ...fields });
    },
    async moveOccurrence(seriesId, originalStart, scope, fields) {
      await mutate(need(), 'event.editOccurrence', { id: seriesId, originalStart, scope, fields, newId: newRowId() });
    },
  };
}

/** The calendar's writes, bound to the signed-in user's database. */
export const useCalendarActions = (): CalendarActions => useDbActions(actionsFor);
