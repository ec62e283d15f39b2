import type { InboxSource, InboxTarget } from '@adhd/shared/inbox/schema';
import type { MutationArgs } from '@adhd/shared/sync/registry';
import { todayInZone } from '@adhd/shared/time';
import { newRowId, useDbActions } from '../../../db/actions';
import type { AppDatabase } from '../../../db/database';
import { mutate } from '../../../db/mutate';

/** The fields a conversion may set on its target: the target's create args (all optional, the id excluded). */
export interface ConvertFields {
  task: Partial<Omit<MutationArgs<'task.create'>, 'id'>>;
  event: Partial<Omit<MutationArgs<'event.create'>, 'id'>>;
  habit: Partial<Omit<MutationArgs<'habit.create'>, 'id'>>;
  note: Partial<Omit<MutationArgs<'note.create'>, 'id'>>;
}

export interface InboxActions {
  /** Store a captured thought at once (a local write, offline too); resolves with the new item's id. */
  capture(text: string, source?: InboxSource): Promise<string>;
  update(id: string, text: string): Promise<void>;
  /** Delete one item; `restore` is its undo. */
  remove(id: string): Promise<void>;
  restore(id: string): Promise<void>;
  /** Delete several items in one local transaction (all or none). */
  removeMany(ids: readonly string[]): Promise<void>;
  /** The undo of `removeMany`: the items come back, in one transaction. */
  restoreMany(ids: readonly string[]): Promise<void>;
  /**
   * Turn the item into a task, event, habit or note (`fields` are the dialog's values; the item's text fills the
   * rest) and remove it, in one transaction; resolves with the new entity's id. A refused conversion changes
   * nothing and rejects with the MutationError naming the target's fields.
   */
  convert<T extends InboxTarget>(id: string, to: T, fields?: ConvertFields[T]): Promise<string>;
  /** The undo of a conversion: the created entity is deleted and the item restored, in one transaction. */
  undoConvert(id: string, to: InboxTarget, targetId: string): Promise<void>;
  /** Append the item's text to an existing note (a blank line between) and remove the item, in one transaction. */
  append(id: string, noteId: string): Promise<void>;
}

/** Today on this device: a converted event or habit without a date starts on the user's day, not UTC's. */
const deviceToday = (): string => todayInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

function withToday(to: InboxTarget, fields: Record<string, unknown>): Record<string, unknown> {
  if ((to === 'event' || to === 'habit') && fields.startDate === undefined) return { ...fields, startDate: deviceToday() };
  return fields;
}

function actionsFor(need: () => AppDatabase): InboxActions {
  return {
    async capture(text, source = 'app') {
      const id = newRowId();
      await mutate(need(), 'inbox.create', { id, text, source });
      return id;
    },
    async update(id, text) {
      await mutate(need(), 'inbox.update', { id, text });
    },
    async remove(id) {
      await mutate(need(), 'inbox.delete', { id });
    },
    async restore(id) {
      await mutate(need(), 'inbox.restore', { id });
    },
    async removeMany(ids) {
      const db = need();
      if (ids.length === 0) return;
      await db.transaction('rw', db.writeTables, async () => {
        for (const id of ids) await mutate(db, 'inbox.delete', { id });
      });
    },
    async restoreMany(ids) {
      const db = need();
      if (ids.length === 0) return;
      await db.transaction('rw', db.writeTables, async () => {
        for (const id of ids) await mutate(db, 'inbox.restore', { id });
      });
    },
    async convert(id, to, fields = {}) {
      const targetId = newRowId();
      await mutate(need(), 'inbox.convert', { id, to, targetId, fields: withToday(to, fields) });
      return targetId;
    },
    async undoConvert(id, to, targetId) {
      const db = need();
      await db.transaction('rw', db.writeTables, async () => {
        await mutate(db, `${to}.delete`, { id: targetId });
        await mutate(db, 'inbox.restore', { id });
      });
    },
    async append(id, noteId) {
      await mutate(need(), 'inbox.append', { id, noteId });
    },
  };
}

/** The inbox writes, bound to the signed-in user's database. */
export const useInboxActions = (): InboxActions => useDbActions(actionsFor);
