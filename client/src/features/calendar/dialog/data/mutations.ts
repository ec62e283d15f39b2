import { newRowId, useDbActions } from '../../../../db/actions';
import type { AppDatabase } from '../../../../db/database';
import { mutate } from '../../../../db/mutate';
import type { EventFields, OccurrenceScope } from '../logic/types';

/** A new client-side id: offline creations keep their id (CONTRACT: entities carry a client-generated _id). */
export const newEventId = (): string => newRowId();

export interface OccurrenceEdit {
  /** The series. */
  id: string;
  /** The occurrence's key (`YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`). */
  originalStart: string;
  scope: OccurrenceScope;
  fields: Partial<EventFields>;
}

export interface EventActions {
  create(id: string, fields: EventFields): Promise<void>;
  update(id: string, patch: Partial<EventFields>): Promise<void>;
  editOccurrence(edit: OccurrenceEdit): Promise<void>;
  remove(id: string): Promise<void>;
  removeOccurrence(id: string, originalStart: string, scope: OccurrenceScope): Promise<void>;
}

function actionsFor(db: () => AppDatabase): EventActions {
  return {
    async create(id, fields) {
      await mutate(db(), 'event.create', { id, ...fields });
    },
    async update(id, patch) {
      await mutate(db(), 'event.update', { id, ...patch });
    },
    async editOccurrence(edit) {
      // 'this' makes an override event and 'following' a new series: each gets a new id.
      await mutate(db(), 'event.editOccurrence', { ...edit, newId: newEventId() });
    },
    async remove(id) {
      await mutate(db(), 'event.delete', { id });
    },
    async removeOccurrence(id, originalStart, scope) {
      await mutate(db(), 'event.deleteOccurrence', { id, originalStart, scope });
    },
  };
}

/** The event writes, bound to the signed-in user's database. */
export const useEventActions = (): EventActions => useDbActions(actionsFor);
